/** The back-office catalogue's pages. */
export const PRODUCTS_PATH = '/admin/products';
export const CATEGORIES_PATH = '/admin/categories';

/** The path of a product's edit page. */
export const productViewPath = (productId: string) => `/admin/productView/${productId}`;
