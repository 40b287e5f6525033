import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../../session/session.tsx';
import { isApiError } from '../api-client.ts';
import { sendChatAttachments } from '../endpoints/chat.ts';
import { useApiClient } from './api-client-context.tsx';
import { applyNewMessage } from './chat-cache.ts';
import { newClientRef } from './chat-socket.ts';

export interface ChatAttachmentUpload {
  /** Whole percentages while the files are sent; null when nothing is being sent. */
  progress: number | null;
  /**
   * Sends the files (and the text, if any) as one message of the room; answers `ok`, `canceled`, the
   * server's error code, or `network` when no answer came. On `ok` the message is in the conversation.
   */
  send(files: readonly File[], text: string): Promise<string>;
  /** Stops the upload in flight (its promise answers `canceled`). */
  cancel(): void;
}

/**
 * Sending pictures and PDFs into a chat room (issue 27) over an XHR upload with progress and cancel.
 * Not optimistic: the message appears when the server has stored it (and the room hears it live).
 */
export function useChatAttachmentUpload(roomId: number): ChatAttachmentUpload {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const me = useSession().user?.id ?? null;
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const send = useCallback(
    async (files: readonly File[], text: string): Promise<string> => {
      const abort = new AbortController();
      controller.current = abort;
      setProgress(0);
      try {
        const { message } = await sendChatAttachments(
          client,
          roomId,
          { files, clientRef: newClientRef(), ...(text ? { text } : {}) },
          { onProgress: setProgress, signal: abort.signal },
        );
        applyNewMessage(queryClient, message, me);
        return 'ok';
      } catch (error) {
        if (abort.signal.aborted) {
          return 'canceled';
        }
        return isApiError(error) ? error.code : 'network';
      } finally {
        if (controller.current === abort) {
          controller.current = null;
          setProgress(null);
        }
      }
    },
    [client, queryClient, roomId, me],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { progress, send, cancel };
}
