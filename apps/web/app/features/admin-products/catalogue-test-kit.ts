import type { AuditActor } from '@shop/core';
import { parseCookie } from 'cookie';
import { vi } from 'vitest';
import { FLASH_COOKIE } from '../../lib/flash.server';
import type { CataloguePost } from './catalogue-actions.server';

// For the catalogue actions' tests: a post with stub services, and what the action answered in one shape.

export const PRODUCT = '3f1c2a4e-7b6d-4c1e-9a2b-1c2d3e4f5a6b';
export const VARIANT = '9b2c7d1e-4f3a-4b5c-8d6e-7f8091a2b3c4';
export const actor: AuditActor = { id: 'a1', label: 'Asha <asha@shop.test>', role: 'staff' };

export function fakeServices() {
  return {
    adminProducts: {
      list: vi.fn(),
      detail: vi.fn(),
      create: vi.fn(async () => PRODUCT),
      update: vi.fn(async () => {}),
      archive: vi.fn(async () => {}),
      addVariant: vi.fn(async () => VARIANT),
      updateVariant: vi.fn(async () => {}),
      removeVariant: vi.fn(async () => 'deleted' as const),
      addPhotos: vi.fn(async (_actor: AuditActor, _id: string, files: readonly Uint8Array[]) => files.length),
      deletePhoto: vi.fn(async () => {}),
      restorePhoto: vi.fn(async () => {}),
      reorderPhotos: vi.fn(async () => {}),
      setCover: vi.fn(async () => {}),
      setPhotoColor: vi.fn(async () => {}),
    },
    adminCategories: { list: vi.fn(), create: vi.fn(), update: vi.fn(), remove: vi.fn(async () => {}) },
    catalogueCsv: { exportCsv: vi.fn(), importCsv: vi.fn() },
  };
}

/** A post to `path` with these fields (files go multipart), as the page's action gets it. */
export function post(path: string, fields: Record<string, string | File | File[]>, services = fakeServices()) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  const request = new Request(`http://shop.test${path}`, { method: 'POST', headers: { referer: `http://shop.test${path}` } });
  return { post: { request, form, services, actor } satisfies CataloguePost, services };
}

/** What the action answered: status, body, and for a redirect where it goes with which message. */
export function answer(value: unknown) {
  if (value instanceof Response) {
    const cookie = value.headers
      .getSetCookie()
      .map((header) => parseCookie(header.split(';')[0]!))
      .find((parsed) => parsed[FLASH_COOKIE] !== undefined);
    return {
      status: value.status,
      location: value.headers.get('location'),
      flash: JSON.parse(cookie?.[FLASH_COOKIE] ?? 'null') as unknown,
    };
  }
  const wrapped = value as { type?: string; data: unknown; init: ResponseInit | null };
  if (wrapped.type === 'DataWithResponseInit') return { status: wrapped.init?.status ?? 200, body: wrapped.data };
  return { status: 200, body: value };
}
