// A confirmed action on one record of a section of the 'API' tab, and the one every section has: removing
// it (revoking an API token, deleting a webhook). The record asked about, the alertdialog that confirms
// it, then the call; a removal's toast and the record gone from the list. A failure shows its error toast
// and leaves the dialog open for another try (ConfirmDialog).
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { errorText } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import type { Records } from './online-section.tsx';

/** The dialog's title and its confirm button, with the button's label while the call runs. */
type ConfirmTexts = { title: string; confirm: string; busy: string };

/** The question names the record asked about (none while the dialog is closed). */
type Question<T> = (record: T | null) => string;

type Confirmed<T> = { ask: (record: T) => void; dialog: ReactNode };

/** `ask(record)` opens the confirmation; `dialog` goes among the section's dialogs; `onClosed` runs after it closes. */
export function useConfirmedAction<T>(
  texts: ConfirmTexts,
  question: Question<T>,
  run: (record: T) => Promise<void>,
  onClosed?: () => void,
): Confirmed<T> {
  const [asked, setAsked] = useState<T | null>(null);
  const close = () => {
    setAsked(null);
    onClosed?.();
  };
  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      title={texts.title}
      confirmLabel={texts.confirm}
      busyLabel={texts.busy}
      onConfirm={() => run(asked!)}
      onClose={close}
    >
      <p>{question(asked)}</p>
    </ConfirmDialog>
  );
  return { ask: setAsked, dialog };
}

/** Removal, confirmed: the call, the success toast (`done`) or the error one (`failed` when the answer has no text), the list without it. */
export function useRemoveRecord<T extends { id: number }>(
  records: Records<T>,
  remove: (id: number) => Promise<unknown>,
  question: Question<T>,
  texts: ConfirmTexts & { done: string; failed: string },
): Confirmed<T> {
  const toasts = useT().toasts;
  return useConfirmedAction(texts, question, async ({ id }) => {
    try {
      await remove(id);
      toast.success(texts.done);
      records.setItems((list) => list?.filter((x) => x.id !== id) ?? null);
    } catch (e) {
      toast.error(toasts.deleteTitle, errorText(e, texts.failed));
      throw e;
    }
  });
}
