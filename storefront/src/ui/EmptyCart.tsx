import { useLingui } from "@lingui/react/macro";
import { href } from "../routes.ts";
import { Link } from "./Link.tsx";

/** "Your cart is empty" with the way forward; shared by the cart and checkout screens. */
export function EmptyCart() {
  const { t } = useLingui();
  return (
    <div className="cart-empty">
      <p>{t`Your cart is empty.`}</p>
      <Link className="button" to={href("home")}>
        {t`Find your photos`}
      </Link>
    </div>
  );
}
