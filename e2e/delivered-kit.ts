/**
 * A kurta delivered to a buyer, for the journeys that begin after the parcel arrives (returns,
 * issue 49; reviews, issue 51): made by the owner, bought in M, booked with the local courier and
 * delivered by its scans.
 */
import type { APIRequestContext } from '@playwright/test';
import { VERIFYING_PORT } from '../playwright.config.ts';
import { expect } from './fixtures.ts';
import { unique } from './owner-kit.ts';

export const COURIER = `http://127.0.0.1:${VERIFYING_PORT + 90}`;

/** A kurta of the owner's in M and L, bought in M by `buyer` (paid online, or Cash on Delivery), booked, picked up and delivered. */
export async function deliveredKurta(owner: APIRequestContext, buyer: APIRequestContext, addressId: string, pay: 'online' | 'cod' = 'online') {
  const groups = await (await owner.get('/api/admin/products/groups')).json();
  const kurtas = groups.sizeLists.find((l: { name: string }) => l.name === 'Kurtas and suits');
  const name = `Chanderi Kurta ${unique()}`;
  const made = await owner.post('/api/admin/products', { data: { name, price: 1_499_00, sizeListId: kurtas.id, sizes: [{ size: 'M', stock: 3 }, { size: 'L', stock: 1 }] } });
  expect(made.status()).toBe(201);
  const { id: productId } = await made.json();
  return { productId: productId as number, name, ...(await deliveredTo(owner, buyer, addressId, productId, pay)) };
}

/** The piece in M bought by `buyer`, booked with the local courier and delivered by its scans; the order's number. */
export async function deliveredTo(owner: APIRequestContext, buyer: APIRequestContext, addressId: string, productId: number, pay: 'online' | 'cod' = 'online') {
  expect((await owner.put('/api/admin/courier-settings', { data: { courier: 'shiprocket', pickupLocation: 'Jayanagar Studio', parcelGrams: 500 } })).status()).toBe(200);
  const quote = await (await buyer.get(`/api/checkout/quote?buyNow=${productId}&size=M&address=${addressId}`)).json();
  const started = pay === 'cod' ? await placedOnDelivery(buyer, addressId, productId, quote.delivery.cod.total) : await paidOnline(buyer, addressId, productId, quote.amounts.total);
  const booked = await owner.post(`/api/admin/orders/${started.orderId}/parcel`, { data: { weightGrams: 500 } });
  expect(booked.status(), await booked.text()).toBe(200);
  const { awb } = (await booked.json()).parcel as { awb: string };
  for (const code of ['42', '7']) {
    const sent = await owner.post(`${COURIER}/_local/scan`, { data: { awb, code } });
    expect((await sent.json()).shopAnswered).toBe(200);
  }
  await expect.poll(async () => (await (await buyer.get('/api/orders')).json()).items.find((o: { id: string }) => o.id === started.orderId).status).toBe('delivered');
  return { orderNumber: started.orderNumber as string };
}

async function paidOnline(buyer: APIRequestContext, addressId: string, productId: number, expectedTotal: number) {
  const started = await (await buyer.post('/api/checkout/orders', { data: { addressId, buyNow: { productId, size: 'M' }, expectedTotal, credit: 0 } })).json();
  const success = await (await buyer.post(`/api/checkout/orders/${started.orderId}/test-payment`)).json();
  expect((await buyer.post(`/api/checkout/orders/${started.orderId}/confirm`, { data: success })).status()).toBe(200);
  return started as { orderId: string; orderNumber: string };
}

async function placedOnDelivery(buyer: APIRequestContext, addressId: string, productId: number, expectedTotal: number) {
  const placed = await buyer.post('/api/checkout/cod', { data: { addressId, buyNow: { productId, size: 'M' }, expectedTotal, placementKey: crypto.randomUUID() } });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as { orderId: string; orderNumber: string };
}

