import { api } from '../../../lib/api-client';

export const removeFromWishlist = (productId: string) =>
  api.delete(`/api/user/profile/removeFromWishlist/${encodeURIComponent(productId)}`);
