import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addressInputSchema } from './accounts.js';
import { productQuerySchema, suggestQuerySchema } from './catalogue.js';
import { contactMessageSchema } from './contact.js';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, plainText } from './text.js';

describe('hasControlCharacters', () => {
  it.each(['\u0000', 'a\u0001b', 'x\u001b[31m', '\u007f', 'line\nbreak', 'tab\there', 'cr\r'])('finds one in %j', (value) => {
    expect(hasControlCharacters(value)).toBe(true);
  });

  it('lets ordinary text through, emoji and Indian scripts included', () => {
    for (const value of ['Asha Rao', 'साड़ी', 'குர்தி', '💃🏽 party wear', "O'Brien, Flat 4-B"])
      expect(hasControlCharacters(value)).toBe(false);
  });

  it('allows tabs and line breaks only in multi-line text', () => {
    expect(hasControlCharacters('Dear shop,\r\n\tthank you', { multiline: true })).toBe(false);
    expect(hasControlCharacters('Dear shop,\u0000', { multiline: true })).toBe(true);
  });
});

describe('plainText', () => {
  it('refuses control characters with its message, and keeps chaining like z.string()', () => {
    const name = z.object({ name: plainText({ missing: 'Please enter your name.' }).trim().min(1, 'Please enter your name.') });
    expect(name.parse({ name: '  Asha ' })).toEqual({ name: 'Asha' });
    expect(name.safeParse({ name: 'As\u0000ha' }).error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(name.safeParse({}).error?.issues[0]?.message).toBe('Please enter your name.');
  });
});

describe('schemas with text fields', () => {
  it('refuse a NUL byte in every text field, naming it', () => {
    const address = {
      name: 'Asha',
      phone: '9876543210',
      street: 'MG Road',
      city: 'Pune',
      district: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
    };
    for (const field of ['name', 'street', 'city', 'district'] as const) {
      const issue = addressInputSchema.safeParse({ ...address, [field]: 'x\u0000' }).error?.issues[0];
      expect(issue).toMatchObject({ path: [field], message: CONTROL_CHARACTERS_MESSAGE });
    }
    const contact = { name: 'Asha', email: 'asha@example.in', message: 'Do you ship to Goa?' };
    expect(contactMessageSchema.safeParse({ ...contact, name: 'A\u0000' }).error?.issues[0]?.path).toEqual(['name']);
    expect(contactMessageSchema.safeParse({ ...contact, message: 'Hello\u0000 there' }).error?.issues[0]?.path).toEqual(['message']);
    expect(contactMessageSchema.parse({ ...contact, message: 'Hello,\r\ndo you ship to Goa?' }).message).toBe(
      'Hello,\r\ndo you ship to Goa?',
    );
    for (const key of ['category', 'color', 'size'] as const) {
      expect(productQuerySchema.safeParse({ [key]: ['ok', 'bad\u0000'] }).error?.issues[0]?.message).toBe(
        `${key} must not contain control characters`,
      );
    }
    expect(productQuerySchema.safeParse({ q: 'saree\u0000' }).error?.issues[0]?.message).toBe('q must not contain control characters');
    expect(suggestQuerySchema.safeParse({ q: '\u0000' }).error?.issues[0]?.message).toBe('q must not contain control characters');
  });
});
