import { makeAutoObservable, runInAction } from "mobx";
import type { Api, Order, PaymentType } from "../api/index.ts";
import { INVALID_EMAIL, type PromoErrorKind, promoErrorKind } from "../domain/cart.ts";
import { isTransientFailure } from "../domain/errors.ts";
import { emailProblem, isFreeOrder, ORDER_ALREADY_PAID } from "../domain/order.ts";
import { isWebAddress } from "../domain/url.ts";
import type { CartStore } from "./CartStore.ts";
import type { EventStore } from "./EventStore.ts";
import type { FilePorts } from "./files.ts";
import type { PendingOrdersStore } from "./PendingOrdersStore.ts";
import type { LoadState } from "./types.ts";

export interface CheckoutDeps {
  api: Api;
  cart: CartStore;
  events: EventStore;
  pending: PendingOrdersStore;
  files: Pick<FilePorts, "redirect">;
}

export type CheckoutStep = "order" | "payment";

/** What placing the order gave: the order, or the status of the call that failed (0: none made). */
export type PlacedOrder = { ok: true; order: Order } | { ok: false; status: number };

/**
 * Checkout (/order, spec §2, §5, §7): the e-mail (PUT customer), the payment method and the
 * offer agreement, then checkout and one payment. The created order is kept, so a retry never
 * checks out twice, and the backend answers a repeated payment request with the pending one.
 * A free order (promo or gift codes cover it all) skips the payment step; an order the backend
 * says is already paid (a second tab, a slow reply, a free order) opens as the paid order.
 */
export class CheckoutStore {
  step: CheckoutStep = "order";
  email = "";
  /** The visitor has typed in the e-mail field: a signed-in e-mail never replaces what they typed. */
  private emailEdited = false;
  emailError: "missing" | "invalid" | null = null;
  savingEmail = false;
  /** The e-mail could not be saved (offline, a server error): the form stays, try again. */
  saveError = false;
  agreed = false;
  agreementError = false;
  types: PaymentType[] = [];
  typesState: LoadState = "idle";
  selectedTypeId: string | null = null;
  /** A click on Pay is in flight. */
  paying = false;
  payError = false;
  /** The last Pay failed for a passing reason (no reply, a server error): trying again may work. */
  payTransient = false;
  /**
   * The backend refused the checkout because of a promo code in the cart (e.g. a single-use code
   * used meanwhile by another order): the code must go from the cart before paying.
   */
  promoError: PromoErrorKind | null = null;
  /** The order once checked out (or the unpaid order being paid again). */
  order: Order | null = null;
  /** A paid order the screen must open now (its page has every download); taken once. */
  paidOrderId: string | null = null;
  /** The order a checkout of this cart created (its reply was read, the order not yet). */
  private placed: { cartId: string; orderId: string } | null = null;
  private readonly deps: CheckoutDeps;

  constructor(deps: CheckoutDeps) {
    this.deps = deps;
    // Stryker disable ObjectLiteral,BooleanLiteral: equivalent: which fields stay plain; deps is set once here, placed and emailEdited are read by no reaction, so observable or not the store behaves the same
    makeAutoObservable<CheckoutStore, "deps" | "placed" | "emailEdited">(this, {
      deps: false,
      placed: false,
      emailEdited: false,
    });
  }

  // Stryker restore ObjectLiteral,BooleanLiteral
  get selectedType(): PaymentType | null {
    return this.types.find((t) => t.paymentTypeId === this.selectedTypeId) ?? null;
  }

  /** What the order costs before a payment method's discount. */
  get amount(): number {
    return this.order?.totalAmount ?? this.deps.cart.cart?.totalAmount ?? 0;
  }

  /**
   * The cart costs nothing (its promo or gift codes cover every item): no payment method, no
   * payment, the order is completed at checkout.
   */
  get free(): boolean {
    const cart = this.deps.cart.cart;
    return !this.order && cart !== null && isFreeOrder(cart.totalAmount, cart.items.length);
  }

  get currencyId(): number {
    return this.order?.currencyId ?? this.deps.cart.currencyId;
  }

  /** Opens checkout: of the cart, or of an unpaid order (change the payment method). */
  async start(orderId: string | null): Promise<void> {
    this.payError = false;
    this.payTransient = false;
    this.promoError = null;
    this.saveError = false;
    this.agreementError = false;
    const cart = this.deps.cart.cart;
    const id = orderId ?? cart?.orderId ?? null;
    if (id && id !== this.order?.orderId) {
      const result = await this.deps.api.orders.get(id);
      // Asked to pay an order that is paid meanwhile (another tab, the bank was quicker): its page.
      if (orderId && result.ok && result.data.state === "Completed") {
        this.openPaid(result.data.orderId);
        return;
      }
      runInAction(() => {
        if (result.ok && result.data.state === "AwaitingPayment") this.order = result.data;
      });
    } else if (!id) {
      // No order to pay (the cart has none): an order opened to pay before is left.
      this.order = null;
    }
    runInAction(() => {
      if (this.order) {
        this.email = this.order.customer.email;
        this.step = "payment";
      } else {
        this.email ||= cart?.customer?.email ?? "";
        this.step = "order";
      }
    });
    if (this.order) await this.loadTypes();
  }

  setEmail(value: string): void {
    this.emailEdited = true;
    this.email = value;
    if (this.emailError) this.emailError = emailProblem(value);
  }

  /**
   * The signed-in participant's e-mail from the identity provider (spec §3 "Signed-in user"):
   * it fills an empty field the visitor has not typed in; it never overwrites their text.
   */
  suggestEmail(value: string | null | undefined): void {
    // Stryker disable next-line StringLiteral: equivalent: any text that is no valid e-mail fills nothing, as "" does
    const email = value?.trim() ?? "";
    if (!email || this.emailEdited || this.email || this.order) return;
    if (emailProblem(email) === null) this.email = email;
  }

  setAgreed(value: boolean): void {
    this.agreed = value;
    if (value) this.agreementError = false;
  }

  select(paymentTypeId: string): void {
    this.selectedTypeId = paymentTypeId;
  }

  backToOrder(): void {
    if (!this.order) this.step = "order";
  }

  /** Step Order → Payment: checks the e-mail and saves it on the cart (PUT customer, 204). */
  async continueToPayment(): Promise<boolean> {
    if (!(await this.saveEmail())) return false;
    runInAction(() => {
      this.step = "payment";
      this.payError = false;
    });
    await this.loadTypes();
    return true;
  }

  /**
   * A free order: the e-mail and the offer agreement, then checkout, and the paid order opens
   * (the backend completes an order of total 0 at checkout). Should the backend still want a
   * payment, the payment step follows as for any order.
   */
  async complete(): Promise<boolean> {
    if (this.paying) return false;
    if (!this.agreed) this.agreementError = true;
    if (!(await this.saveEmail()) || !this.agreed) return false;
    runInAction(() => {
      this.paying = true;
      this.payError = false;
      this.payTransient = false;
      this.promoError = null;
    });
    try {
      const placed = await this.placeOrder();
      if (!placed.ok) return this.fail(placed.status);
      if (placed.order.state === "Completed") {
        this.openPaid(placed.order.orderId);
        return true;
      }
      runInAction(() => {
        this.step = "payment";
      });
      await this.loadTypes();
      return false;
    } finally {
      runInAction(() => {
        this.paying = false;
      });
    }
  }

  /** Checks the e-mail and saves it on the cart (PUT customer, 204). */
  private async saveEmail(): Promise<boolean> {
    this.emailError = emailProblem(this.email);
    const cart = this.deps.cart.cart;
    if (this.emailError || !cart || this.savingEmail) return false;
    this.savingEmail = true;
    this.saveError = false;
    try {
      const result = await this.deps.api.carts.setCustomer(cart.shoppingCartId, this.email.trim());
      if (!result.ok) {
        runInAction(() => {
          const invalid = result.error.kind === "http" && result.error.code === INVALID_EMAIL;
          this.emailError = invalid ? "invalid" : null;
          this.saveError = !invalid;
        });
        return false;
      }
      return true;
    } finally {
      runInAction(() => {
        this.savingEmail = false;
      });
    }
  }

  /** The paid order to open, once: the screen navigates to it and it is forgotten here. */
  takePaidOrder(): string | null {
    const id = this.paidOrderId;
    this.paidOrderId = null;
    return id;
  }

  /** GET /paymentTypes (amount, currencyId, albumId): card, fast payment with 5 % off… */
  async loadTypes(): Promise<void> {
    this.typesState = "loading";
    const eventId = this.order?.eventId ?? this.deps.cart.cart?.items[0]?.eventId ?? null;
    const event = eventId ? await this.deps.events.load(eventId) : null;
    const result = await this.deps.api.invoices.paymentTypes({
      amount: this.amount,
      currencyId: this.currencyId,
      albumId: event?.albumId ?? eventId ?? "",
    });
    runInAction(() => {
      if (!result.ok) {
        this.typesState = "failed";
        return;
      }
      this.types = result.data;
      this.typesState = "done";
      if (!this.selectedType) this.selectedTypeId = result.data[0]?.paymentTypeId ?? null;
    });
  }

  /**
   * Pay: checkout (once), then POST /invoices/{id}/payments and off to payUrl. Ignored while a
   * click is in flight, and once the bank's page is on its way: a second tap in the moment before
   * the page is left would create a second payment. "Unable to pay the order" when no payment
   * could be created.
   */
  async pay(): Promise<boolean> {
    if (this.paying) return false;
    if (!this.agreed) {
      this.agreementError = true;
      return false;
    }
    const type = this.selectedType;
    if (!type) return false;
    this.paying = true;
    this.payError = false;
    this.payTransient = false;
    this.promoError = null;
    let leaving = false;
    try {
      const placed: PlacedOrder = this.order
        ? { ok: true, order: this.order }
        : await this.placeOrder();
      if (!placed.ok) return this.fail(placed.status);
      const { order } = placed;
      if (order.state === "Completed") {
        this.openPaid(order.orderId);
        return true;
      }
      const payment = await this.deps.api.invoices.createPayment(
        order.invoiceId,
        type.paymentTypeId,
      );
      if (
        !payment.ok &&
        // Stryker disable next-line ConditionalExpression: equivalent: a network or contract error carries no code
        payment.error.kind === "http" &&
        payment.error.code === ORDER_ALREADY_PAID
      ) {
        this.openPaid(order.orderId);
        return true;
      }
      // A pay page that is not a web address (javascript:…) is no pay page.
      if (!payment.ok || !isWebAddress(payment.data.payUrl)) return this.fail(payment.status);
      // Busy until the page is gone; live again if the visitor comes back to it.
      this.deps.files.redirect(payment.data.payUrl, () => {
        runInAction(() => {
          this.paying = false;
        });
      });
      leaving = true;
      return true;
    } finally {
      if (!leaving) {
        runInAction(() => {
          this.paying = false;
        });
      }
    }
  }

  /**
   * POST /shoppingCarts/{id} (empty body) → the order; kept, and listed as pending. Else the
   * status of the failed call (0 when none was made). A retry after the order was placed (its reply read
   * but the order not) does not check out again.
   */
  private async placeOrder(): Promise<PlacedOrder> {
    const cart = this.deps.cart.cart;
    // Stryker disable next-line ObjectLiteral: equivalent: a result without ok fails the same, and no status is no passing failure, as 0 is not
    if (!cart) return { ok: false, status: 0 };
    let orderId =
      cart.orderId ?? (this.placed?.cartId === cart.shoppingCartId ? this.placed.orderId : null);
    if (!orderId) {
      const checkedOut = await this.deps.api.carts.checkout(cart.shoppingCartId);
      if (!checkedOut.ok) {
        const promo = promoErrorKind(
          checkedOut.error.kind === "http" ? checkedOut.error.code : null,
        );
        if (promo !== "other") {
          runInAction(() => {
            this.promoError = promo;
          });
          // The cart shows the code's state as the backend now has it.
          void this.deps.cart.refresh();
        }
        return { ok: false, status: checkedOut.status };
      }
      // Stryker disable next-line ObjectLiteral: equivalent: a result without ok fails the same, and no status is no passing failure, as 0 is not
      if (!checkedOut.data.orderId) return { ok: false, status: 0 };
      orderId = checkedOut.data.orderId;
      this.placed = { cartId: cart.shoppingCartId, orderId };
    }
    this.deps.pending.add(orderId);
    const order = await this.deps.api.orders.get(orderId);
    if (!order.ok) return { ok: false, status: order.status };
    runInAction(() => {
      this.order = order.data;
    });
    // The cart is now Processed: the cart store learns it has an order.
    void this.deps.cart.refresh();
    return { ok: true, order: order.data };
  }

  /**
   * The order is paid: off to its page. It is no longer pending, and checkout forgets it, so
   * the next visit to /order starts from the (new) cart.
   */
  private openPaid(orderId: string): void {
    runInAction(() => {
      this.paidOrderId = orderId;
      this.order = null;
      this.step = "order";
      this.payError = false;
    });
    this.deps.pending.remove(orderId);
    // The cart is Processed now: the cart store learns it has an order.
    void this.deps.cart.refresh();
  }

  /** "Unable to pay the order"; with a hint to try again when the failure was passing. */
  private fail(status: number): false {
    runInAction(() => {
      this.payError = true;
      this.payTransient = isTransientFailure(status);
    });
    return false;
  }
}
