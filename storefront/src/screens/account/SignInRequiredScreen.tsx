import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import { useStores } from "../../app/stores-context.tsx";
import { href } from "../../routes.ts";
import { Screen } from "../../shell/Screen.tsx";

/**
 * /my-account for a visitor who is not signed in (spec §2: not shown to them): sent to the
 * provider's sign-in where the tenant has one, home otherwise.
 */
export const SignInRequiredScreen = observer(function SignInRequiredScreen() {
  const { t } = useLingui();
  const { auth } = useStores();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // Signing out is not a reason to sign in: the page is about to be left.
  const goSignIn = auth.enabled && !auth.checking && !auth.signedIn && !auth.signingOut;

  // The start-up may have put off the check; this screen needs its answer now.
  useEffect(() => void auth.init(), [auth]);

  useEffect(() => {
    if (!goSignIn) return;
    void auth.signIn(`${pathname}${search}`).then((leaving) => {
      if (!leaving) navigate(href("home"), { replace: true });
    });
  }, [goSignIn, auth, pathname, search, navigate]);

  if (!auth.enabled) return <Navigate to={href("home")} replace />;
  if (auth.signingOut)
    return (
      <Screen title={t`Signing out…`}>
        <span className="spinner" role="status" aria-label={t`Signing out…`} />
      </Screen>
    );
  // A screen like any other (its h1 names it) while the provider's sign-in page loads.
  return (
    <Screen title={t`Signing in…`}>
      <span className="spinner" role="status" aria-label={t`Signing in…`} />
    </Screen>
  );
});
