import { adminOrderDetailSchema, adminOrderPageSchema, type AdminOrderDetail, type UpdateOrderStatusInput } from '@shop/core';
import { z } from 'zod';
import { api } from '../../lib/api-client';

// The back-office's order calls, from the browser with the admin session cookie.

const BASE = '/api/admin/order';
const orderAnswer = z.object({ order: adminOrderDetailSchema });
const id = encodeURIComponent;

export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

export const listOrders = async (query: string): Promise<AdminOrderPage> =>
  adminOrderPageSchema.parse(await api.get(`${BASE}/getAllOrders${query ? `?${query}` : ''}`));

export const getOrder = async (orderId: string): Promise<AdminOrderDetail> =>
  orderAnswer.parse(await api.get(`${BASE}/getOrderDetails/${id(orderId)}`)).order;

export const updateOrderStatus = async (orderId: string, input: UpdateOrderStatusInput): Promise<AdminOrderDetail> =>
  orderAnswer.parse(await api.post(`${BASE}/updateOrderStatus/${id(orderId)}`, input)).order;

export const cancelOrder = async (orderId: string, reason: string): Promise<AdminOrderDetail> =>
  orderAnswer.parse(await api.post(`${BASE}/cancelOrder/${id(orderId)}`, { reason })).order;

export const approveReturn = async (orderId: string): Promise<AdminOrderDetail> =>
  orderAnswer.parse(await api.post(`${BASE}/approveReturn/${id(orderId)}`)).order;

export const rejectReturn = async (orderId: string, reason: string): Promise<AdminOrderDetail> =>
  orderAnswer.parse(await api.post(`${BASE}/rejectReturn/${id(orderId)}`, { reason })).order;

export const refundOrder = async (orderId: string): Promise<AdminOrderDetail> =>
  orderAnswer.parse(await api.post(`${BASE}/refundOrder/${id(orderId)}`)).order;
