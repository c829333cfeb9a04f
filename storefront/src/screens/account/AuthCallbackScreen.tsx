import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useStores } from "../../app/stores-context.tsx";
import { href } from "../../routes.ts";
import { Screen } from "../../shell/Screen.tsx";
import { callbackUrl } from "../../stores/auth/callback-url.ts";
import { Link } from "../../ui/Link.tsx";

/**
 * /auth-callback: completes sign-in with the provider's answer and returns where the user was.
 * An answer that cannot be used (opened twice, too old, its request gone with another tab's
 * sign-out) says so and offers to sign in again, instead of dropping the visitor home.
 */
export const AuthCallbackScreen = observer(function AuthCallbackScreen() {
  const { t } = useLingui();
  const { auth } = useStores();
  const navigate = useNavigate();
  const started = useRef(false);
  const [failed, setFailed] = useState(false);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; a code is used once.
    started.current = true;
    // main.tsx took the answer off the address bar; a test that mounts the screen alone has
    // it still there.
    const url = callbackUrl() ?? (window.location.search ? window.location.href : null);
    void auth.completeSignIn(url).then((to) => {
      if (to !== null) navigate(to, { replace: true });
      // Signed in already (an old callback address reopened): nothing to say.
      else if (auth.signedIn) navigate(href("home"), { replace: true });
      else setFailed(true);
    });
  }, [auth, navigate]);

  const retry = () => {
    setLeaving(true);
    void auth.signIn(href("home")).then((left) => setLeaving(left));
  };

  if (failed)
    return (
      <Screen title={t`Sign-in was not completed`}>
        <p role="alert">
          {t`Its link was already used, is too old, or was opened in another tab.`}
        </p>
        <p className="account-callback__actions">
          <button type="button" className="button" onClick={retry} disabled={leaving}>
            {t`Sign in again`}
          </button>{" "}
          <Link to={href("home")} className="button button--secondary">
            {t`Go to home`}
          </Link>
        </p>
      </Screen>
    );
  return (
    <div className="screen" aria-busy="true">
      <span className="spinner" role="status" aria-label={t`Signing in…`} />
    </div>
  );
});
