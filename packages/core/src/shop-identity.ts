// No zod here: every page shows the tagline without loading the API schemas.

export const SHOP_TAGLINE = "Elegant women's clothing in traditional and modern styles.";
