import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../client/api-error';
import { notify } from '../../client/notify';
import { EMOJI_IMAGE_TYPES, EMOJI_MAX_BYTES, emojiNameProblem } from '../../shared/svc/realm-emoji';
import { useUploadEmoji } from './api/change-emoji';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The image could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** The upload form's state: name, image and its local preview, their problems, and the upload. */
export function useEmojiUpload() {
  const upload = useUploadEmoji();
  const [name, setName] = useState('');
  const [file, setFileState] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ name?: string; file?: string }>({});
  // The preview is a local object URL, released when another file is chosen or the form goes away.
  const setFile = (next: File | null) => {
    setFileState(next);
    setPreview((old) => {
      if (old) URL.revokeObjectURL(old);
      return next ? URL.createObjectURL(next) : null;
    });
  };
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const fileProblem = (f: File | null) =>
    !f
      ? 'Choose an image.'
      : !(EMOJI_IMAGE_TYPES as readonly string[]).includes(f.type)
        ? 'Choose a PNG, GIF, JPEG or WebP image.'
        : f.size > EMOJI_MAX_BYTES
          ? `The console uploads emoji images up to ${EMOJI_MAX_BYTES / 1024} KB.`
          : null;

  // The BFF checks the image's bytes and dimensions against its type: its reason belongs on the image field.
  const refusedFile =
    upload.error instanceof ApiError && upload.error.envelope.field === 'file' ? upload.error.envelope.msg : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { name: emojiNameProblem(name) ?? undefined, file: fileProblem(file) ?? undefined };
    setProblem(found);
    if (found.name || found.file || !file) return;
    const finalName = name.trim().replaceAll(' ', '_');
    const dataUrl = await readAsDataUrl(file);
    upload.mutate(
      { name: finalName, dataUrl },
      {
        onSuccess: () => {
          notify('success', `emoji-${finalName}`, 'Emoji added', `:${finalName}: can be used now.`);
          setName('');
          setFile(null);
        },
      },
    );
  };

  return { upload, name, setName, file, setFile, preview, problem, refusedFile, submit };
}
