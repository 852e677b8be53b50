// Record ids. No zod here: the browser checks ids it stored without loading the API schemas.

/** A UUID as PostgreSQL's gen_random_uuid() and zod's z.uuid() accept: versions 1–8, RFC variant. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Whether `value` is a record id: anything else cannot name a product, order or bill. */
export const isUuid = (value: string): boolean => UUID.test(value);
