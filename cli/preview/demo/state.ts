/** The demo backend's mutable state: everything the shop's visitors change. */

import { randomBytes, randomUUID } from "node:crypto";
import type {
  CartAttribute,
  CartState,
  OrderState,
} from "../../../storefront/src/api/contracts/index.ts";
import { createRandom, hashString } from "./random.ts";
import { type PromoCode, seedPromoCodes } from "./seed/promo-codes.ts";

export interface CartItemRecord {
  shoppingCartItemId: string;
  productId: string;
  photoId: string | null;
  photoIds: string[];
  frameId: string | null;
  /** Whose photos a package covers. */
  competitorId: string | null;
}

export interface CartRecord {
  shoppingCartId: string;
  state: CartState;
  currencyId: number;
  items: CartItemRecord[];
  codeIds: string[];
  email: string | null;
  attributes: CartAttribute[];
  orderId: string | null;
  owner: string | null;
}

export interface OrderItemRecord {
  orderItemId: string;
  productId: string;
  frameId: string | null;
  photoIds: string[];
  originalPrice: number;
  totalPrice: number;
  /** The promo codes a gift (promocode) item minted when its order was paid. */
  giftCodes?: string[];
}

export interface OrderRecord {
  orderId: string;
  number: string;
  state: OrderState;
  currencyId: number;
  invoiceId: string;
  amount: number;
  discountAmount: number;
  totalAmount: number;
  catalogId: string;
  eventId: string;
  email: string;
  createdOn: number;
  items: OrderItemRecord[];
  /** Identity of the signed-in user who checked out, if any. */
  owner: string | null;
}

export interface PreorderRecord {
  preorderId: string;
  catalogId: string;
  eventId: string;
  state: OrderState;
  email: string;
  number: string;
  createdOn: number;
  items: OrderItemRecord[];
}

export interface PaymentRecord {
  paymentId: string;
  invoiceId: string;
  orderId: string;
  paymentTypeId: string;
  state: "Pending" | "Completed" | "Declined" | "Canceled";
  amount: number;
  currencyId: number;
  createdOn: number;
}

export type Faces = "one" | "several" | "none";

export interface SelfieRecord {
  selfieId: string;
  albumId: string;
  faces: Faces;
  createdOn: number;
  jpeg: Buffer;
}

export interface TokenRecord {
  token: string;
  eventId: string;
  competitorId: string | null;
  personId: string | null;
  expiresAt: number;
}

export interface ArchiveRecord {
  archiveId: string;
  name: string;
  photos: { photoId: string; frameId: string | null }[];
  createdOn: number;
}

export interface DemoState {
  carts: Map<string, CartRecord>;
  orders: Map<string, OrderRecord>;
  /** invoiceId → orderId */
  invoices: Map<string, string>;
  preorders: Map<string, PreorderRecord>;
  payments: Map<string, PaymentRecord>;
  selfies: Map<string, SelfieRecord>;
  tokens: Map<string, TokenRecord>;
  archives: Map<string, ArchiveRecord>;
  /** By upper-case code. */
  promoCodes: Map<string, PromoCode>;
  /** photoTagId → the participant's answer. */
  itsMe: Map<string, boolean>;
  requests: Record<string, unknown>[];
  /**
   * A fresh id that cannot be guessed: prefix-{random UUID} (122 random bits). An order's id is
   * what its e-mail link hands out and what opens it on any device, so like a real backend's it
   * is a secret nobody reaches by counting; so are invoices, payments, archives and selfies.
   */
  nextId(prefix: string): string;
  /** The number a buyer reads (sequential, like a real shop's): never a key to anything. */
  nextOrderNumber(): string;
  /** A search token that cannot be guessed (128 random bits). */
  nextToken(): string;
  /** Draws for --demo-fail, on their own stream so failures don't shift ids. */
  failDraw(): number;
}

export function createState(seed: number): DemoState {
  let orderNumber = 100_000;
  const failRandom = createRandom(hashString(`${seed}:failures`));
  return {
    carts: new Map(),
    orders: new Map(),
    invoices: new Map(),
    preorders: new Map(),
    payments: new Map(),
    selfies: new Map(),
    tokens: new Map(),
    archives: new Map(),
    promoCodes: new Map(seedPromoCodes().map((c) => [c.code, c])),
    itsMe: new Map(),
    requests: [],
    nextId: (prefix) => `${prefix}-${randomUUID()}`,
    nextOrderNumber: () => String(++orderNumber),
    nextToken: () => `st-${randomBytes(16).toString("hex")}`,
    failDraw: failRandom,
  };
}
