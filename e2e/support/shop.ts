import { createHmac } from 'node:crypto';
import type { APIRequestContext, APIResponse } from '@playwright/test';

/**
 * The shop webhook's secret for the portal the suite starts (support/serve-portal.ts passes it as
 * SHOP_WEBHOOK_SECRET: the e2e portal runs in production mode, where the webhook has no default).
 */
export const E2E_SHOP_WEBHOOK_SECRET = process.env.SHOP_WEBHOOK_SECRET ?? 'e2e-shop-webhook-secret-9f4c2a';

export interface ShopOrderInput {
  order_id: string;
  kind: 'credits' | 'course';
  company_id?: number;
  customer_name: string;
  customer_email: string;
  credits?: number;
  course_id?: number;
  amount_minor: number;
  currency?: string;
}

/** HMAC-SHA256 (hex) of the exact body bytes, as the shop signs them (X-Shop-Signature). */
export const shopSignature = (body: string, secret = E2E_SHOP_WEBHOOK_SECRET) => createHmac('sha256', secret).update(body).digest('hex');

/** Posts a paid order as the shop would: the raw JSON body and its signature (or the one given). */
export async function postShopOrder(
  request: APIRequestContext,
  baseURL: string,
  order: ShopOrderInput,
  signature?: string,
): Promise<APIResponse> {
  const body = JSON.stringify(order);
  return request.post(`${baseURL}/api/shop/orders`, {
    headers: { 'Content-Type': 'application/json', 'X-Shop-Signature': signature ?? shopSignature(body) },
    data: body,
  });
}
