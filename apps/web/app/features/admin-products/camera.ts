/** Spec §2.15: a camera is listed by its label, or 'Camera' and the last 4 characters of its id. */
export const cameraLabel = (device: Pick<MediaDeviceInfo, 'label' | 'deviceId'>): string =>
  device.label || `Camera ${device.deviceId.slice(-4)}`;

/** The snapshot's file name: a timestamp, so two snapshots never collide. */
export const snapshotName = (now: Date): string => `snapshot-${now.toISOString().replace(/[:.]/g, '-')}.png`;
