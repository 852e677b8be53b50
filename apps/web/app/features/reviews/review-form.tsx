import { MAX_REVIEW_PHOTOS, REMOVE_PHOTOS_FIELD, REVIEW_PHOTOS_FIELD, type Review, type ReviewPhoto } from '@shop/core';
import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { FormFailure } from '../../components/form-failure';
import { PhotoFilesField, TextAreaField, TextField } from '../../components/form-field';
import type { Failure } from '../../lib/failure';

export const TITLE_MAX = 100;
export const TEXT_MAX = 2000;
const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/** The values a refused post typed, or her review as saved, or nothing yet. */
export interface ReviewValues {
  rating: string;
  title: string;
  text: string;
}

export const valuesOf = (review: Review | null): ReviewValues => ({
  rating: review ? String(review.rating) : '',
  title: review?.title ?? '',
  text: review?.text ?? '',
});

/**
 * The rating: five real radio inputs in a fieldset, so the arrow keys move between them and a plain post sends the
 * choice; each is drawn as a star, filled up to the one chosen (CSS :has, no script).
 */
function RatingInput({
  defaultValue,
  error,
  onPick,
}: {
  defaultValue: string;
  error: string | undefined;
  onPick: (rating: number) => void;
}) {
  return (
    <fieldset aria-describedby={error ? 'rating-error' : undefined}>
      <legend className="text-sm font-medium text-ink">
        Your rating
        <span aria-hidden="true" className="ml-0.5 text-wine-700">
          *
        </span>
      </legend>
      <div className="mt-1.5 flex w-fit gap-1 [&>label:has(~label>:checked)]:text-[#c08a1e] [&>label:has(>:checked)]:text-[#c08a1e]">
        {[1, 2, 3, 4, 5].map((star) => (
          <label
            key={star}
            className="flex h-12 w-12 cursor-pointer items-center justify-center rounded-xl text-4xl leading-none text-[#ddd0bd] transition-colors hover:text-[#c08a1e] has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-wine-600"
          >
            <input
              type="radio"
              name="rating"
              value={star}
              required
              defaultChecked={defaultValue === String(star)}
              onChange={() => onPick(star)}
              aria-invalid={error ? true : undefined}
              className="sr-only"
            />
            <span aria-hidden="true">★</span>
            <span className="sr-only">{star === 1 ? '1 star' : `${star} stars`}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id="rating-error" role="alert" className="mt-1 text-sm font-medium text-wine-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The image types the store takes (it checks the content; this only narrows the picker). */

/**
 * Her photos: those she has, each with a 'Remove' box, then a file input for more (MAX_REVIEW_PHOTOS in all). Plain
 * form controls, so a post without scripts carries them as they are.
 */
function PhotosInput({ photos, error }: { photos: readonly ReviewPhoto[]; error: string | undefined }) {
  const room = MAX_REVIEW_PHOTOS - photos.length;
  return (
    <fieldset aria-describedby={error ? 'review-photos-error' : 'review-photos-hint'}>
      <legend className="text-sm font-medium text-ink">Photos</legend>
      {photos.length > 0 && (
        <ul className="mt-1.5 flex flex-wrap gap-3" aria-label="Your photos">
          {photos.map((photo, index) => (
            <li key={photo._id} className="w-20 sm:w-24">
              <img
                src={photo.url}
                srcSet={photo.srcset}
                sizes="(min-width: 640px) 96px, 80px"
                width={photo.width}
                height={photo.height}
                alt={`Photo ${index + 1} of your review`}
                className="h-20 w-20 rounded-lg border border-line bg-sand object-cover sm:h-24 sm:w-24"
              />
              <label className="mt-1 flex min-h-10 cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={REMOVE_PHOTOS_FIELD}
                  value={photo._id}
                  className="h-4 w-4 shrink-0 accent-wine-700"
                  aria-label={`Remove photo ${index + 1}`}
                />
                <span aria-hidden="true">Remove</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3">
        <PhotoFilesField
          id="review-photos"
          name={REVIEW_PHOTOS_FIELD}
          label={photos.length > 0 ? 'Add photos' : 'Add up to three photos'}
          error={error}
          hint={`JPEG, PNG, WebP or AVIF, up to 10 MB each; ${MAX_REVIEW_PHOTOS} photos in all. ${
            room === 0 ? 'Tick Remove on one to add another.' : photos.length > 0 ? `Room for ${room} more.` : ''
          }`.trim()}
        />
      </div>
    </fieldset>
  );
}

/** How many characters are left, once the scripts run (before, the field's maxLength keeps to it). */
const counter = (length: number, max: number) => `${length.toLocaleString('en-IN')} / ${max.toLocaleString('en-IN')}`;

/**
 * Her review: rating, title, text and photos, posted as multipart to the write page's action ('Submit review', or
 * 'Save changes' for the one she wrote); a refusal comes back beside its fields, a success goes to the product's
 * reviews.
 */
export function ReviewForm({
  values,
  photos,
  editing,
  failure,
}: {
  values: ReviewValues;
  /** The photos of the review she wrote. */
  photos: readonly ReviewPhoto[];
  editing: boolean;
  failure: Failure | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const [rating, setRating] = useState(Number(values.rating) || 0);
  const [title, setTitle] = useState(values.title);
  const [text, setText] = useState(values.text);
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="space-y-5">
      <FormFailure failure={failure} />
      <div className="flex flex-wrap items-end gap-x-4">
        <RatingInput defaultValue={values.rating} error={failure?.fields.rating} onPick={setRating} />
        <p className="mb-3 min-h-5 text-sm font-medium text-muted" aria-hidden="true">
          {RATING_WORDS[rating] ?? ''}
        </p>
      </div>
      <TextField
        label="Title"
        id="review-title"
        name="title"
        required
        maxLength={TITLE_MAX}
        defaultValue={values.title}
        onChange={(event) => setTitle(event.target.value)}
        placeholder="Sum it up in a line"
        error={failure?.fields.title}
        hint={counter(title.length, TITLE_MAX)}
      />
      <TextAreaField
        label="Your review"
        id="review-text"
        name="text"
        required
        rows={6}
        maxLength={TEXT_MAX}
        defaultValue={values.text}
        onChange={(event) => setText(event.target.value)}
        placeholder="The fit, the fabric, the colour: what should others know?"
        error={failure?.fields.text}
        hint={counter(text.length, TEXT_MAX)}
      />
      <PhotosInput photos={photos} error={failure?.fields[REVIEW_PHOTOS_FIELD]} />
      <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy}>
        {busy ? 'Saving...' : editing ? 'Save changes' : 'Submit review'}
      </button>
    </Form>
  );
}
