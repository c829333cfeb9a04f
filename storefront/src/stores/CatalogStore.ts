import { makeAutoObservable, observable, runInAction } from "mobx";
import type { FindApi, Product } from "../api/index.ts";
import { giftOf, packageOffers, photoProductOf } from "../domain/catalog.ts";

/**
 * The product catalogs of events (GET catalog-service /catalog/products), each asked for once
 * and shared by every store and screen that sells: the photo product, the package offers, the
 * gift promo code and the frames. A catalog that failed to load is asked for again next time.
 */
export class CatalogStore {
  /** Products by catalogId, once loaded. */
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: equivalent: a catalog is set whole and never changed in place, so deep or shallow every reader sees the same products
  readonly products = observable.map<string, Product[]>({}, { deep: false });
  private readonly api: FindApi;
  /** Calls in flight: a page and an early prefetch of the same catalog share one. */
  private readonly loading = new Map<string, Promise<boolean>>();

  constructor(api: FindApi) {
    this.api = api;
    // Stryker disable next-line ObjectLiteral,BooleanLiteral,CallExpression: equivalent: api is set once here and the calls in flight are read by no reaction; observable or not the store behaves the same (the products are an observable map of their own, set only in runInAction, and the methods are plain reads of it)
    makeAutoObservable<CatalogStore, "api" | "loading">(this, { api: false, loading: false });
  }

  /** Loads a catalog once; true when it is loaded. */
  load(catalogId: string): Promise<boolean> {
    if (this.products.has(catalogId)) return Promise.resolve(true);
    let call = this.loading.get(catalogId);
    if (!call) {
      call = this.api.catalog.products({ catalogId }).then((result) => {
        this.loading.delete(catalogId);
        if (result.ok) runInAction(() => this.products.set(catalogId, result.data.items));
        return result.ok;
      });
      this.loading.set(catalogId, call);
    }
    return call;
  }

  /** The catalog's products; none until it has loaded. */
  productsOf(catalogId: string): Product[] {
    return this.products.get(catalogId) ?? [];
  }

  /** The event's photo product ("Digital photo"), once its catalog has loaded. */
  photoProduct(catalogId: string): Product | null {
    return photoProductOf(this.productsOf(catalogId));
  }

  /** All-photos package offers of a catalog, for any or the given distance. */
  offers(catalogId: string, distance: string | null = null): Product[] {
    return packageOffers(this.productsOf(catalogId), distance);
  }

  /** The event's gift promo code product, once its catalog has loaded. */
  gift(catalogId: string): Product | null {
    return giftOf(this.productsOf(catalogId));
  }
}
