import { Camera, ImagePlus, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import { useHydrated } from '../../components/enhanced';
import { FormFailure } from '../../components/form-failure';
import { UrlModal, useClosedHref } from '../../components/url-modal';
import { toast } from '../../lib/toast';
import { cameraLabel, snapshotName } from './camera';
import { useRefused, useSubmitting } from './form-answer';

interface Selected {
  file: File;
  url: string;
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/**
 * Spec §2.15: select images, or (with scripts) capture photos through a chosen camera; Upload; Cancel. A
 * multipart form posted to the page's action, which hands the files to the services (they check and store the
 * photos). Without scripts it is the plain form; with them the chosen files and the snapshots are kept in a list
 * with previews and sent together.
 */
function UploadImagesForm({ colours }: { colours: readonly string[] }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const refused = useRefused('uploadPhotos');
  const busy = useSubmitting('uploadPhotos');
  const closed = useClosedHref('upload');
  const [files, setFiles] = useState<Selected[]>([]);
  const [warning, setWarning] = useState('');
  const [devices, setDevices] = useState<MediaDeviceInfo[] | null>(null);
  const [deviceId, setDeviceId] = useState('');
  const [colour, setColour] = useState('');
  const [streaming, setStreaming] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);

  const stop = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setStreaming(false);
  };
  useEffect(() => stop, []);

  // Each chosen file with its preview URL, released when it is removed or the dialog closes.
  const chosen = useRef<Selected[]>([]);
  useEffect(() => () => chosen.current.forEach((item) => URL.revokeObjectURL(item.url)), []);
  const update = (next: Selected[]) => {
    chosen.current = next;
    setFiles(next);
  };
  const add = (added: readonly File[]) => {
    setWarning('');
    update([...chosen.current, ...added.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
  };
  const remove = (index: number) => {
    const item = chosen.current[index];
    if (item) URL.revokeObjectURL(item.url);
    update(chosen.current.filter((_, at) => at !== index));
  };

  async function start(chosenId = deviceId) {
    stop();
    try {
      // Asking for a stream first makes the browser reveal device labels.
      const media = await navigator.mediaDevices.getUserMedia({ video: chosenId ? { deviceId: { exact: chosenId } } : true });
      stream.current = media;
      if (video.current) {
        video.current.srcObject = media;
        await video.current.play().catch(() => undefined);
      }
      setStreaming(true);
      if (!devices) {
        try {
          const all = (await navigator.mediaDevices.enumerateDevices()).filter((device) => device.kind === 'videoinput');
          setDevices(all);
          const current = media.getVideoTracks()[0]?.getSettings().deviceId;
          setDeviceId(chosenId || current || all[0]?.deviceId || '');
        } catch {
          toast.error("Couldn't load video devices");
        }
      }
    } catch {
      toast.error('Cannot access selected camera');
    }
  }

  async function capture() {
    if (!navigator.mediaDevices?.enumerateDevices) {
      toast.error("Couldn't load video devices");
      return;
    }
    await start();
  }

  function snapshot() {
    const element = video.current;
    if (!element || !element.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext('2d')?.drawImage(element, 0, 0);
    canvas.toBlob((blob) => {
      if (!blob) return;
      add([new File([blob], snapshotName(new Date()), { type: 'image/png' })]);
      toast.success('Photo captured!');
    }, 'image/png');
    stop();
  }

  // With scripts the list (chosen files and snapshots) is what is sent, as the same multipart form.
  function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (files.length === 0) {
      setWarning('No files selected.');
      toast.warn('No files selected.');
      return;
    }
    const form = new FormData();
    form.set('intent', 'uploadPhotos');
    form.set('_back', closed);
    form.set('variantColor', colour);
    for (const { file } of files) form.append('productImages', file, file.name);
    stop();
    void submit(form, { method: 'post', encType: 'multipart/form-data', preventScrollReset: true });
  }

  return (
    <Form method="post" encType="multipart/form-data" preventScrollReset onSubmit={hydrated ? upload : undefined}>
      <input type="hidden" name="intent" value="uploadPhotos" />
      <input type="hidden" name="_back" value={closed} />
      <FormFailure failure={refused} className="mb-4" />
      {hydrated ? (
        <div className="flex flex-wrap gap-2">
          <label className="btn btn-outline cursor-pointer focus-within:outline-2 focus-within:outline-wine-600">
            <ImagePlus aria-hidden="true" className="h-4 w-4" />
            Select Images
            <input
              type="file"
              multiple
              accept={ACCEPT}
              className="sr-only"
              aria-label="Select Images"
              onChange={(event) => {
                add([...(event.target.files ?? [])]);
                event.target.value = '';
              }}
            />
          </label>
          <button type="button" className="btn btn-outline" onClick={() => void capture()} disabled={streaming}>
            <Camera aria-hidden="true" className="h-4 w-4" />
            Capture Photo
          </button>
        </div>
      ) : (
        <label className="block text-sm font-medium">
          Select Images
          <input type="file" name="productImages" multiple accept={ACCEPT} className="mt-2 block w-full text-sm" />
        </label>
      )}

      {devices && devices.length > 0 && (
        <div className="mt-4">
          <label htmlFor="camera-select" className="block text-sm font-medium">
            Camera
          </label>
          <select
            id="camera-select"
            value={deviceId}
            onChange={(event) => {
              setDeviceId(event.target.value);
              void start(event.target.value);
            }}
            className="mt-1.5 min-h-11 w-full rounded-xl border border-line bg-white px-3 text-sm"
          >
            {devices.map((device) => (
              <option key={device.deviceId} value={device.deviceId}>
                {cameraLabel(device)}
              </option>
            ))}
          </select>
        </div>
      )}

      <div className={streaming ? 'mt-4' : 'hidden'}>
        <video ref={video} playsInline muted className="aspect-video w-full rounded-xl bg-ink object-cover" aria-label="Camera preview" />
        {colours.length > 0 && <p className="mt-3 text-sm text-muted">Which colour is she wearing? Choose it below before you upload.</p>}
        <button type="button" className="btn btn-primary mt-3 w-full sm:w-auto" onClick={snapshot}>
          Take Snapshot
        </button>
      </div>

      {/* Issue 28: photos of one colour show when the shopper picks that colour; 'Every colour' shows them always. */}
      {colours.length > 0 && (
        <div className="mt-4">
          <label htmlFor="upload-colour" className="block text-sm font-medium">
            Colour in these photos
          </label>
          <select
            id="upload-colour"
            name="variantColor"
            value={colour}
            onChange={(event) => setColour(event.target.value)}
            className="mt-1.5 min-h-11 w-full rounded-xl border border-line bg-white px-3 text-sm"
          >
            <option value="">Every colour</option>
            {colours.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      )}

      {files.length > 0 && (
        <ul className="mt-4 grid grid-cols-4 gap-2 sm:grid-cols-5" aria-label="Selected images">
          {files.map(({ file, url }, index) => (
            <li key={url} className="relative">
              <img src={url} alt={file.name} className="aspect-square w-full rounded-lg bg-sand object-cover" />
              <button
                type="button"
                className="absolute right-1 top-1 rounded-full bg-white/90 p-1 text-ink shadow"
                aria-label={`Remove ${file.name}`}
                onClick={() => remove(index)}
              >
                <X aria-hidden="true" className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-xs text-muted">JPEG, PNG, WebP or AVIF; up to 10 MB each and 10 at a time.</p>
      {warning && (
        <p role="alert" className="mt-2 text-sm font-medium text-wine-700">
          {warning}
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={closed} replace preventScrollReset className="btn btn-outline" onClick={stop}>
          Cancel
        </Link>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Uploading...' : 'Upload'}
        </button>
      </div>
    </Form>
  );
}

/** The 'Upload Images' dialog, open while the address says `?upload`. */
export function UploadImagesDialog({ colours }: { colours: readonly string[] }) {
  return (
    <UrlModal name="upload" title="Upload Images" width="xl">
      <UploadImagesForm colours={colours} />
    </UrlModal>
  );
}
