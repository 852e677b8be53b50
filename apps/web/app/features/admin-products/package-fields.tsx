import { PACKAGE_FIELDS, type PackageField, type PackageSize } from '@shop/core';
import { TextField } from '../../components/form-field';

/** The parcel fields as typed (issue 42): whole grams and centimetres. */
export type PackageFormValues = Record<PackageField, string>;

export const PACKAGE_FIELD_NAMES = Object.keys(PACKAGE_FIELDS) as PackageField[];

/** A size's fields as the form shows them; null (a product without its own): blank. */
export const packageFormValues = (values: Record<PackageField, number | null>): PackageFormValues => ({
  packageWeightGrams: values.packageWeightGrams === null ? '' : String(values.packageWeightGrams),
  packageLengthCm: values.packageLengthCm === null ? '' : String(values.packageLengthCm),
  packageBreadthCm: values.packageBreadthCm === null ? '' : String(values.packageBreadthCm),
  packageHeightCm: values.packageHeightCm === null ? '' : String(values.packageHeightCm),
});

/**
 * The typed parcel fields for the API's schema: digits as numbers; anything else as typed, so the schema refuses
 * it in words naming the field. `blank`: what an empty field means (null: the category's, for a product).
 */
export function packageInput(values: Partial<PackageFormValues>, blank: null | ''): Record<PackageField, number | string | null> {
  const read = (text: string | undefined) => {
    const cleaned = (text ?? '').trim();
    if (cleaned === '') return blank;
    return /^\d{1,9}$/.test(cleaned) ? Number(cleaned) : cleaned;
  };
  return {
    packageWeightGrams: read(values.packageWeightGrams),
    packageLengthCm: read(values.packageLengthCm),
    packageBreadthCm: read(values.packageBreadthCm),
    packageHeightCm: read(values.packageHeightCm),
  };
}

const LABELS: Record<PackageField, string> = {
  packageWeightGrams: 'Weight (g)',
  packageLengthCm: 'Length (cm)',
  packageBreadthCm: 'Breadth (cm)',
  packageHeightCm: 'Height (cm)',
};
const SIZE_KEY = {
  packageWeightGrams: 'weightGrams',
  packageLengthCm: 'lengthCm',
  packageBreadthCm: 'breadthCm',
  packageHeightCm: 'heightCm',
} as const;

/**
 * The packed parcel's weight and sides, for the courier's booking. `optional` (a product's): blank fields are its
 * category's default, `fallback` when known (shown as placeholders); otherwise (a category's) every field is required.
 */
export function PackageFields({
  values,
  errors = {},
  idPrefix,
  optional = false,
  fallback,
}: {
  values: PackageFormValues;
  errors?: Record<string, string> | undefined;
  idPrefix: string;
  optional?: boolean;
  fallback?: PackageSize | undefined;
}) {
  return (
    <fieldset className="rounded-xl border border-line p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-ink">Parcel for the courier</legend>
      <p className="mb-3 text-xs text-muted">
        {!optional
          ? 'Packed, one piece: the default of every product in this category that has no size of its own.'
          : fallback
            ? `Packed, one piece. Blank: the category's default (${fallback.weightGrams} g, ${fallback.lengthCm} × ${fallback.breadthCm} × ${fallback.heightCm} cm).`
            : "Packed, one piece. Blank: the chosen category's default."}
      </p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {PACKAGE_FIELD_NAMES.map((name) => (
          <TextField
            key={name}
            id={`${idPrefix}-${name}`}
            name={name}
            label={LABELS[name]}
            inputMode="numeric"
            required={!optional}
            placeholder={fallback ? String(fallback[SIZE_KEY[name]]) : undefined}
            defaultValue={values[name]}
            error={errors[name]}
          />
        ))}
      </div>
    </fieldset>
  );
}
