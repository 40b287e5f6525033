import { useToast } from '@hiwar/ui';
import type { UseMutationResult } from '@tanstack/react-query';

export interface SaveResourceOptions<
  TRecord extends { id: number },
  TRequest,
  TCreate,
  TUpdate extends object,
> {
  /** The record being edited; `null` creates one. */
  record: TRecord | null;
  create: UseMutationResult<TRecord, Error, TCreate>;
  update: UseMutationResult<TRecord, Error, { id: number; body: TUpdate }>;
  /** The create request made of the parsed form. */
  toCreate: (request: TRequest) => TCreate;
  /** The fields of the parsed form that differ from the record: an edit sends only those. */
  changes: (record: TRecord, request: TRequest) => TUpdate;
  /** How the toast names the record (a plan's alias, a coupon's code). */
  nameOf: (record: TRecord) => string;
  text: { created: (name: string) => string; saved: (name: string) => string };
  /** The id of the "saved" toast, so saving twice replaces the first one. */
  toastId: string;
  /** Closes the dialog after a save, or at once when an edit changed nothing. */
  onDone: () => void;
  /** A refused save: the form shows the fields' codes, anything else goes to a toast. */
  onError: (error: Error) => void;
}

/**
 * Saves a create/edit form: creates the record, or updates it with only what changed (nothing changed
 * just closes); either way a success toast names the record and the dialog closes.
 */
export function useSaveResource<TRecord extends { id: number }, TRequest, TCreate, TUpdate extends object>(
  options: SaveResourceOptions<TRecord, TRequest, TCreate, TUpdate>,
) {
  const { record, create, update, nameOf, text, toastId, onDone, onError } = options;
  const { toast } = useToast();

  const save = (request: TRequest) => {
    if (!record) {
      create.mutate(options.toCreate(request), {
        onSuccess: (created) => {
          toast({ id: toastId, type: 'success', title: text.created(nameOf(created)) });
          onDone();
        },
        onError,
      });
      return;
    }
    const body = options.changes(record, request);
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    update.mutate(
      { id: record.id, body },
      {
        onSuccess: (saved) => {
          toast({ id: toastId, type: 'success', title: text.saved(nameOf(saved)) });
          onDone();
        },
        onError,
      },
    );
  };

  return { save, isPending: create.isPending || update.isPending };
}
