import { gstinCheckCharacter } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { capturingMailer, jsonCall, signedInUser, uniqueIp } from '../test/accounts.js';
import { adminCall, signedInOwner } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { seedTestCatalogue } from '../test/catalogue-fixture.js';

// Every route of the OpenAPI document (built from the route table, so new routes join by themselves) gets a
// NUL byte, a 10,000-character string and an emoji in each text field of its path, query and body, from a
// signed-in shopper and owner with real ids, so the handlers are reached. Nothing may answer 5xx.

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

const HOSTILE = { nul: 'a\u0000b', long: 'x'.repeat(10_000), emoji: '💃🏽 साड़ी 🪔' } as const;

interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  items?: Schema;
}
interface Operation {
  parameters?: Array<{ in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A valid value for a body property, by name first (so patterns like a pincode hold), then by type. */
function sample(name: string, schema: Schema, known: Record<string, string>): Json {
  if (schema.enum?.length) return schema.enum[0] as Json;
  if (schema.anyOf?.[0]) return sample(name, schema.anyOf[0], known);
  if (schema.type === 'object') {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, child]) => [key, sample(key, child, known)]));
  }
  if (schema.type === 'array') return schema.items ? [sample(name, schema.items, known)] : [];
  if (schema.type === 'integer' || schema.type === 'number') return 1;
  if (schema.type === 'boolean') return true;
  return known[name] ?? (schema.format === 'uuid' ? known.productId! : 'Fuzz text');
}

/** Paths (key lists) of every string-typed leaf in a body schema. */
function textFields(schema: Schema, path: string[] = []): string[][] {
  if (schema.type === 'object') {
    return Object.entries(schema.properties ?? {}).flatMap(([key, child]) => textFields(child, [...path, key]));
  }
  if (schema.anyOf) return schema.anyOf.some((option) => option.type === 'string') ? [path] : [];
  return schema.type === 'string' ? [path] : [];
}

function withValue(body: Json, path: string[], value: string): Json {
  if (path.length === 0) return value;
  const copy = { ...(body as Record<string, Json>) };
  copy[path[0]!] = withValue(copy[path[0]!] ?? {}, path.slice(1), value);
  return copy;
}

describe('fuzzing every route of the OpenAPI document', () => {
  it('answers NUL bytes, 10,000-character strings and emoji in any text field without a 5xx', async () => {
    const { ids, categories } = await seedTestCatalogue(t.services);
    const { sid, userId, email, password } = await signedInUser(t.app, mail);
    const { asid } = await signedInOwner(t);
    // Another shopper for the back-office's user calls (blocking this one would end the session the others need).
    const other = await signedInUser(t.app, mail);
    const address = await t.services.addresses.add(userId, {
      name: 'Asha Rao',
      phone: '9876543210',
      street: '12 MG Road',
      city: 'Pune',
      district: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
    });
    const [notification] = await t.services.notifications.list(userId);
    // An order of hers, so the order routes are reached with a real id.
    const variant = (await t.services.catalogue.getProductDetails(ids.banarasi)).variants.find((item) => item.quantity > 0)!;
    await t.services.cart.add(userId, { productId: ids.banarasi, variantId: variant._id, quantity: 1 });
    const { order } = await t.services.orders.place(userId, {
      products: [{ id: ids.banarasi, variant: variant._id }],
      addressId: address._id,
    });
    const known: Record<string, string> = {
      productId: ids.banarasi,
      // A product's id, as every other uuid field gets (a real variant would be removed by removeVariant's call).
      variantId: ids.banarasi,
      addressId: address._id,
      notificationId: notification!._id,
      orderId: order.id,
      email,
      // Wrong passwords: a right one would log in again (ending this session) or change the password.
      password: 'not-the-password',
      currentPassword: 'not-the-password',
      newPassword: 'not-the-password',
      confirmPassword: 'not-the-password',
      otp: '123456',
      phone: '9876543210',
      customerPhone: '9876543210',
      customerName: 'Asha Rao',
      pincode: '411001',
      dob: '1990-04-12',
      firstName: 'Asha',
      lastName: 'Rao',
      name: 'Asha Rao',
      street: '12 MG Road',
      city: 'Pune',
      district: 'Pune',
      message: 'Do you ship sarees to Goa?',
      q: 'saree',
      adminEmail: email,
      adminPassword: 'not-the-password',
      hsnCode: '6204',
      categoryId: categories.dresses,
      // An announcement's link (an offer's is made from its discount and category instead).
      link: '/filter?category=sarees',
      offerCategoryId: categories.dresses,
      publishedAt: '2026-11-26T10:00:00+05:30',
      expiresAt: '2026-12-31T23:59:00+05:30',
      userId: other.userId,
      inviteId: '00000000-0000-4000-8000-000000000000',
      adminId: '00000000-0000-4000-8000-000000000000',
      // The settings' state is sampled as the list's first (Andaman and Nicobar Islands, GST state code 35).
      gstin: `35ABCDE1234F1Z${gstinCheckCharacter('35ABCDE1234F1Z')}`,
      // A coupon's code (issue 41), and a business buyer's GSTIN (issue 43) with its name.
      code: 'FUZZ10',
      startsAt: '2026-11-01',
      endsAt: '2027-12-31',
      // Her bag's banarasi is a silk saree: the coupon covers it.
      categoryIds: categories.silk,
      buyerGstin: `29ABCDE1234F1Z${gstinCheckCharacter('29ABCDE1234F1Z')}`,
      buyerName: 'Zari Traders',
      upiId: 'asha@okaxis',
      // The GST return's month (issue 43).
      period: '2026-11',
      reference: 'UPI123456789',
    };

    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = docs.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
    const operations = Object.entries(paths)
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
      )
      .filter(({ method }) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
      // Logging out ends the session the others need.
      .sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
    expect(operations.length).toBeGreaterThanOrEqual(30);

    const failures: string[] = [];
    let requests = 0;
    for (const { path, method, operation } of operations) {
      const parameters = operation.parameters ?? [];
      const pathValues = Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, known[p.name] ?? 'x']));
      const queryValues = Object.fromEntries(
        parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, known[p.name] ?? 'x']),
      );
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const body = bodySchema ? sample('', bodySchema, known) : {};

      const send = async (pathOverride: Record<string, string>, query: Record<string, string>, payload: Json, label: string) => {
        const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(pathOverride[name] ?? ''));
        const search = new URLSearchParams(query).toString();
        const response = await adminCall(t.app, method as 'GET', `${url}${search ? `?${search}` : ''}`, {
          sid,
          asid,
          ip: uniqueIp(),
          body: method === 'GET' ? undefined : (payload as object),
        });
        requests++;
        if (response.statusCode >= 500) failures.push(`${method} ${path} ${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        return response;
      };

      // The untouched request passes validation, so the hostile ones below reach as far as their input allows.
      const baseline = await send(pathValues, queryValues, body, 'baseline');
      const inputNames = [...parameters.map((p) => p.name), ...(bodySchema ? textFields(bodySchema).map((field) => field.join('.')) : [])];
      // A CSV download answers text, not the envelope.
      const error = String(baseline.headers['content-type']).startsWith('application/json')
        ? (baseline.json<{ error?: string }>().error ?? '')
        : '';
      // A code's refusal names `code` by the bag's content, which other calls of this run change (removeFromCart);
      // its hostile inputs below are still sent.
      const bagDependent = path === '/api/user/cart/applyCoupon';
      expect(!bagDependent && inputNames.some((name) => error.startsWith(`${name}: `)), `${method} ${path} baseline: ${error}`).toBe(false);

      for (const [kind, value] of Object.entries(HOSTILE)) {
        for (const parameter of parameters.filter((p) => p.in === 'path')) {
          await send({ ...pathValues, [parameter.name]: value }, queryValues, body, `${kind} in path ${parameter.name}`);
        }
        for (const parameter of parameters.filter((p) => p.in === 'query')) {
          await send(pathValues, { ...queryValues, [parameter.name]: value }, body, `${kind} in query ${parameter.name}`);
        }
        for (const field of bodySchema ? textFields(bodySchema) : []) {
          await send(pathValues, queryValues, withValue(body, field, value), `${kind} in body ${field.join('.')}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(200);
    // The shopper's password still works: no hostile request changed it.
    expect((await jsonCall(t.app, 'POST', '/api/user/auth/loginUsingPassword', { body: { email, password } })).statusCode).toBe(200);
  });
});
