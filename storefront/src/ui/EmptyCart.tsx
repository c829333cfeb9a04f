import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router-dom";
import { href } from "../routes.ts";

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
