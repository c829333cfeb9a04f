import { useLingui } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { useStores } from "../../app/stores-context.tsx";

/** /auth-callback: completes sign-in with the provider's answer and returns where the user was. */
export const AuthCallbackScreen = observer(function AuthCallbackScreen() {
  const { t } = useLingui();
  const { auth } = useStores();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; a code is used once.
    started.current = true;
    void auth.completeSignIn(window.location.href).then((to) => navigate(to, { replace: true }));
  }, [auth, navigate]);

  return (
    <div className="screen" aria-busy="true">
      <span className="spinner" role="status" aria-label={t`Signing in…`} />
    </div>
  );
});
