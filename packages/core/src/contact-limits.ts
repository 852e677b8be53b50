/**
 * The contact form's lengths, apart from its schema: the page's fields read them without loading zod and the
 * schemas with them (the contact page's JavaScript budget, issue 27).
 */
export const CONTACT_LIMITS = { name: 80, email: 120, messageMin: 10, messageMax: 2000, replyMax: 2000 } as const;
