import { Trans } from "@lingui/react/macro";
import { Component, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { useStores } from "../app/stores-context.tsx";
import type { ErrorStore } from "../stores/ErrorStore.ts";

interface Props {
  children: ReactNode;
  errors: ErrorStore;
  /** The address: going elsewhere (the menu, the logo, back) tries the screen again. */
  resetKey: string;
}

/** A screen that fails to load or render shows a way forward instead of a blank page. */
class Boundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.errors.report(error);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ failed: false });
    }
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="screen">
        <h1>
          <Trans>This page could not be loaded</Trans>
        </h1>
        <p>
          <Trans>Check your connection and try again.</Trans>
        </p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          <Trans>Reload the page</Trans>
        </button>
      </section>
    );
  }
}

export function ScreenBoundary({ children }: { children: ReactNode }) {
  const { errors } = useStores();
  const { pathname } = useLocation();
  return (
    <Boundary errors={errors} resetKey={pathname}>
      {children}
    </Boundary>
  );
}
