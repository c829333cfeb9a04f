import { observer } from "mobx-react-lite";
import { useStores } from "../app/stores-context.tsx";
import { SnackbarMessage } from "./SnackbarMessage.tsx";

/**
 * The error snackbar inside a modal dialog. A modal <dialog> covers the page and makes it
 * inert, so the app's own snackbar could be neither seen, read out nor closed while it is
 * open: a failure in the photo viewer or the frame picker shows here instead. The app's
 * snackbar still times the message out (spec §9: 7 s).
 */
export const DialogSnackbar = observer(function DialogSnackbar() {
  const { errors } = useStores();
  const current = errors.current;
  // Only while there is a message: an element with role alert is announced as it appears, and
  // an empty one would be a second, silent "alert" beside the dialog's own field errors.
  if (!current) return null;
  return (
    <div
      className="snackbar-region snackbar-region--dialog"
      role="alert"
      aria-atomic="true"
      key={current.id}
    >
      <SnackbarMessage error={current} errors={errors} />
    </div>
  );
});
