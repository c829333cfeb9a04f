import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { RouteOutlet } from "../../app/route-context.tsx";
import { useBuy } from "../../app/use-buy.ts";
import { Screen } from "../../shell/Screen.tsx";

/** My account (/my-account): the user's e-mail, sign out, and the orders or one order below. */
export const MyAccountScreen = observer(function MyAccountScreen() {
  const { t } = useLingui();
  const { auth, account } = useBuy();
  const email = auth.user?.email ?? "";
  // The sign-out leaves the page (the provider's sign-out, then home on a fresh load).
  const signOut = () => {
    account.clear();
    void auth.signOut();
  };
  return (
    <Screen title={t`My account`}>
      <div className="account-user">
        <p>
          {t`Signed in as`} <strong className="account-user__email">{email}</strong>
        </p>
        <button type="button" className="button button--secondary" onClick={signOut}>
          {t`Sign out`}
        </button>
      </div>
      <RouteOutlet />
    </Screen>
  );
});
