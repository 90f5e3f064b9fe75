import { CHAT_MESSAGE_MAX_LENGTH, IMAGE_ACCEPT, type ChatMessage } from '@inkwell/contracts';
import { ActionIcon, Alert, CloseButton, FileButton, Group, Image, Stack, Textarea } from '@mantine/core';
import { IconPhoto, IconSend } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { uploadImage } from '../../api/upload';
import { UploadProgress } from '../../components/media/UploadProgress';
import { useUpload } from '../../components/media/uploadHooks';
import { isSending } from '../../components/media/uploadState';
import { useSendMessage } from './api';
import classes from './chats.module.css';
import { isSendKey, useTouchOnly } from '../../lib/sendKey';

/**
 * Text and/or one picture. Send stays off while both are empty (spec §5) and while the picture uploads;
 * Enter sends, Shift+Enter starts a new line (on a touch-only screen Enter starts it, and the button sends). The message sent comes back from the server and is handed
 * to the room.
 *
 * The composer empties as soon as a message is sent, so the next one can be typed (and sent) at once:
 * sends wait for each other, so messages keep the order they were written in. One that fails comes back
 * into the composer with the error.
 */
export function ChatComposer({ roomId, onSent }: { roomId: number; onSent: (message: ChatMessage) => void }) {
  const { t } = useTranslation();
  const touchOnly = useTouchOnly();
  const [text, setText] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage(roomId);
  const { state: upload, dispatch, begin, buttons } = useUpload({ phase: 'idle' });
  const uploading = isSending(upload);
  const empty = text.trim() === '' && !image;

  const attach = async (file: File | null) => {
    if (!file) return;
    const { onProgress, signal, ...reports } = begin();
    setError(null);
    try {
      const url = await uploadImage('photos', file, onProgress, signal, reports);
      if (!signal.aborted) setImage(url);
    } catch (err) {
      if (!signal.aborted) setError(errorMessage(err));
    } finally {
      if (!signal.aborted) dispatch({ type: 'remove' });
    }
  };

  const queue = useRef<Promise<void>>(Promise.resolve());
  const submit = () => {
    if (empty || uploading) return;
    const draft = { message: text.trim() ? text : null, image };
    setText('');
    setImage(null);
    setError(null);
    queue.current = queue.current.then(() =>
      send.mutateAsync(draft).then(
        ({ data }) => onSent(data),
        (err: unknown) => {
          setError(errorMessage(err));
          // After anything typed meanwhile (or an earlier failed one): no words are lost, and order is kept.
          const words = draft.message;
          if (words) setText((typed) => (typed === '' ? words : `${typed}\n${words}`));
          setImage((picked) => picked ?? draft.image);
        },
      ),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isSendKey(event, touchOnly)) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Stack gap="xs" className={classes.composer}>
      {error && (
        <Alert color="red" withCloseButton onClose={() => setError(null)} closeButtonLabel={t('actions.close')}>
          {error}
        </Alert>
      )}
      {uploading && <UploadProgress state={upload} {...buttons} />}
      {image && (
        <div style={{ position: 'relative', width: 96 }}>
          <Image src={image} alt={t('chats.picture_to_send')} radius="md" w={96} h={96} fit="cover" />
          <CloseButton
            aria-label={t('media.remove_image')}
            style={{ position: 'absolute', top: 4, right: 4 }}
            variant="filled"
            size="sm"
            onClick={() => setImage(null)}
          />
        </div>
      )}
      <Group gap="xs" wrap="nowrap" align="end">
        <FileButton onChange={(file) => void attach(file)} accept={IMAGE_ACCEPT}>
          {(props) => (
            <ActionIcon {...props} variant="light" size={44} aria-label={t('chats.add_picture')} disabled={uploading}>
              <IconPhoto size={22} />
            </ActionIcon>
          )}
        </FileButton>
        <Textarea
          style={{ flex: 1 }}
          aria-label={t('chats.message_label')}
          placeholder={t('chats.message_placeholder')}
          autosize
          minRows={1}
          maxRows={5}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <ActionIcon
          size={44}
          onClick={submit}
          disabled={empty || uploading}
          loading={send.isPending && empty}
          aria-label={t('chats.send')}
        >
          <IconSend size={20} />
        </ActionIcon>
      </Group>
    </Stack>
  );
}
