import { AppError, type AdminCategory, type CreateCategoryInput, type UpdateCategoryInput } from '@shop/core';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { isUniqueViolation, type Db } from '../db/database.js';
import { advisoryLock } from '../db/statements.js';
import { categoriesWithCounts, type CategoryWithCounts } from './queries.js';
import { refreshKeywords, slugify } from './admin-products.js';
import {
  categoryNamedAlike,
  categorySlugTaken,
  deleteCategory,
  insertCategory,
  lockCategoryRow,
  nextCategoryPosition,
  productIdsIn,
  rememberWords,
  updateCategory,
  type CategoryRow,
} from './admin-queries.js';
import type { CatalogueChanges } from './changes.js';
import { dictionaryWords } from './search-terms.js';

const snapshot = (row: CategoryRow) => ({
  categoryName: row.name,
  slug: row.slug,
  style: row.style,
  hsnCode: row.hsnCode,
  parentId: row.parentId,
  description: row.description,
  packageWeightGrams: row.packageWeightGrams,
  packageLengthCm: row.packageLengthCm,
  packageBreadthCm: row.packageBreadthCm,
  packageHeightCm: row.packageHeightCm,
});

/** The parcel fields the owner gave (issue 42); those omitted stay as they are. */
const packageOf = (input: UpdateCategoryInput) => ({
  ...(input.packageWeightGrams !== undefined ? { packageWeightGrams: input.packageWeightGrams } : {}),
  ...(input.packageLengthCm !== undefined ? { packageLengthCm: input.packageLengthCm } : {}),
  ...(input.packageBreadthCm !== undefined ? { packageBreadthCm: input.packageBreadthCm } : {}),
  ...(input.packageHeightCm !== undefined ? { packageHeightCm: input.packageHeightCm } : {}),
});

async function lockCategory(tx: Db, categoryId: string): Promise<CategoryRow> {
  const row = await lockCategoryRow(tx, categoryId);
  if (!row) throw new AppError('NOT_FOUND', 'Category not found');
  return row;
}

/**
 * Refuses a name another category has, whatever its case: one 'Sarees' in every dropdown. Namings wait for each
 * other (a lock for the transaction), so two owners naming at once are told in turn, and slugs stay apart too.
 */
async function refuseTakenName(tx: Db, name: string, exceptId?: string): Promise<void> {
  await advisoryLock(tx, 'category-names');
  const twin = await categoryNamedAlike(tx, name, exceptId);
  if (twin !== undefined) throw nameTaken(twin);
}

const nameTaken = (name: string) =>
  new AppError('CONFLICT', `A category named '${name}' already exists.`, { categoryName: 'already used by another category' });

/** Two owners naming two categories alike at the same moment: the unique index refuses the second, as a 409. */
function conflictOnTwin(name: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error, 'categories_name_unique')) throw nameTaken(name);
    throw error;
  };
}

const adminCategory = (row: CategoryWithCounts): AdminCategory => ({
  ...row.category,
  productCount: row.allProducts,
  childCount: row.children,
  packageWeightGrams: row.package.weightGrams,
  packageLengthCm: row.package.lengthCm,
  packageBreadthCm: row.package.breadthCm,
  packageHeightCm: row.package.heightCm,
});

/** The back-office's categories: list with counts, create, rename, style and HSN code, delete when empty. */
export function createAdminCategoriesService(db: Db, deps: { changes: CatalogueChanges; now: () => Date }) {
  const { changes, now } = deps;

  /** Every category; `productCount` counts drafts and archived products too, since they keep it from being deleted. */
  async function list(): Promise<AdminCategory[]> {
    return (await categoriesWithCounts(db)).map(adminCategory);
  }

  const one = async (categoryId: string) => {
    const [row] = await categoriesWithCounts(db, categoryId);
    if (!row) throw new AppError('NOT_FOUND', 'Category not found');
    return adminCategory(row);
  };

  return {
    list,

    async create(actor: AuditActor, input: CreateCategoryInput): Promise<AdminCategory> {
      const id = await db
        .transaction(async (tx) => {
          await refuseTakenName(tx, input.categoryName);
          if (input.parentId) {
            const parent = await lockCategory(tx, input.parentId);
            // Categories are one level deep (catalogue/tables.ts).
            if (parent.parentId)
              throw new AppError('INVALID_DATA', 'A category can only be inside a top-level category.', { parentId: 'not top-level' });
          }
          let slug = slugify(input.categoryName);
          if (await categorySlugTaken(tx, slug)) slug = `${slug}-${Date.now().toString(36)}`;
          const row = await insertCategory(tx, {
            name: input.categoryName,
            slug,
            style: input.style,
            hsnCode: input.hsnCode,
            parentId: input.parentId ?? null,
            description: input.description ?? '',
            // Omitted: the column defaults (500 g, 30 × 25 × 5 cm).
            ...packageOf(input),
            position: await nextCategoryPosition(tx),
            createdAt: now(),
          });
          await rememberWords(tx, dictionaryWords(input.categoryName));
          await recordAudit(tx, actor, { action: 'category.create', entity: 'category', entityId: row.id, after: snapshot(row) }, now());
          return row.id;
        })
        .catch(conflictOnTwin(input.categoryName));
      changes.publish();
      return one(id);
    },

    /** Rename, restyle, new HSN code or description; the slug stays so storefront links keep working. */
    async update(actor: AuditActor, categoryId: string, input: UpdateCategoryInput): Promise<AdminCategory> {
      await db
        .transaction(async (tx) => {
          const before = await lockCategory(tx, categoryId);
          if (input.categoryName !== undefined) await refuseTakenName(tx, input.categoryName, categoryId);
          const after = await updateCategory(tx, categoryId, {
            ...(input.categoryName !== undefined ? { name: input.categoryName } : {}),
            ...(input.style ? { style: input.style } : {}),
            ...(input.hsnCode ? { hsnCode: input.hsnCode } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...packageOf(input),
          });
          if (after.name !== before.name) {
            // Shoppers search products by their category's name.
            await refreshKeywords(tx, await productIdsIn(tx, categoryId));
            await rememberWords(tx, dictionaryWords(after.name));
          }
          await recordAudit(
            tx,
            actor,
            { action: 'category.update', entity: 'category', entityId: categoryId, before: snapshot(before), after: snapshot(after) },
            now(),
          );
        })
        .catch(conflictOnTwin(input.categoryName ?? ''));
      changes.publish();
      return one(categoryId);
    },

    /** Only an empty category goes: no products of any status and no child categories. */
    async remove(actor: AuditActor, categoryId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockCategory(tx, categoryId);
        const [counts] = await categoriesWithCounts(tx, categoryId);
        const productCount = counts?.allProducts ?? 0;
        const childCount = counts?.children ?? 0;
        if (productCount > 0) {
          throw new AppError(
            'CONFLICT',
            `Only an empty category can be deleted: it has ${productCount} product${productCount === 1 ? '' : 's'}.`,
          );
        }
        if (childCount > 0) {
          throw new AppError(
            'CONFLICT',
            `Only an empty category can be deleted: it has ${childCount} sub-categor${childCount === 1 ? 'y' : 'ies'}.`,
          );
        }
        await deleteCategory(tx, categoryId);
        await recordAudit(
          tx,
          actor,
          { action: 'category.delete', entity: 'category', entityId: categoryId, before: snapshot(before) },
          now(),
        );
      });
      changes.publish();
    },
  };
}

export type AdminCategoriesService = ReturnType<typeof createAdminCategoriesService>;
