/** The JSON contracts between the storefront and the backend (the demo backend satisfies them). */
export * from "./carts.ts";
export * from "./catalog.ts";
export * from "./common.ts";
export * from "./events.ts";
export * from "./files.ts";
export * from "./orders.ts";
export * from "./payments.ts";
export * from "./photos.ts";
export * from "./requests.ts";
