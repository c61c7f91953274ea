// File upload (issue 8 "Uploads"; SPEC §5 "under 10MB; JPG, PNG, HEIC or PDF"; SPEC §8 too large,
// wrong type, both, no camera found). The browser checks size and type first for a quick answer;
// the server decides by the file's content. "Take a photo" uses the device camera (`capture`) where
// there is one, and says so when none is found.
import {
  ALLOWED_UPLOAD_TYPES,
  isAllowedUploadType,
  MESSAGES,
  uploadProblemMessage,
  type QuestionOf,
} from '@store/domain';
import CameraIcon from '@mui/icons-material/PhotoCamera';
import UploadIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { StatusButton } from '@/components/StatusButton';
import { errorText } from '@/components/PageState';
import { useUploadFile, type UploadedFile } from '../api/consult.api';
import type { QuestionInputProps } from '@/components/questions/BasicQuestions';
import { describedBy, QuestionFrame, questionIds, RemovableItem } from '@/components/questions/fields';

const ACCEPT = [...ALLOWED_UPLOAD_TYPES, '.jpg', '.jpeg', '.png', '.heic', '.heif', '.pdf'].join(',');
const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
  heif: 'image/heic',
  pdf: 'application/pdf',
};

/** The quick check before sending: browsers often give HEIC files no type, so the name can vouch. */
export function clientUploadProblem(file: { name: string; size: number; type: string }): string | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const mimeType = isAllowedUploadType(file.type) ? file.type : (TYPE_BY_EXTENSION[extension] ?? (file.type || 'application/octet-stream'));
  return uploadProblemMessage({ size: file.size, mimeType });
}

/** True when the device has a camera the page could use. */
export async function hasCamera(): Promise<boolean> {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!devices?.enumerateDevices) return false;
  try {
    return (await devices.enumerateDevices()).some((d) => d.kind === 'videoinput');
  } catch {
    return false;
  }
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function FileUploadQuestion({
  question,
  value,
  onChange,
  error,
  detectCamera = hasCamera,
}: QuestionInputProps<QuestionOf<'file_upload'>> & { detectCamera?: () => Promise<boolean> }) {
  const ids = questionIds(question);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const upload = useUploadFile();
  const [known, setKnown] = useState<Record<string, UploadedFile>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [checkingCamera, setCheckingCamera] = useState(false);
  const uploaded = Array.isArray(value) ? (value as string[]) : [];
  const full = uploaded.length >= question.maxFiles;
  const messageId = `${ids.root}-upload-message`;

  const send = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    const quick = clientUploadProblem(file);
    if (quick) return setProblem(quick);
    try {
      const result = await upload.mutateAsync(file);
      setKnown((k) => ({ ...k, [result.id]: result }));
      onChange([...uploaded, result.id]);
    } catch (err) {
      setProblem(errorText(err));
    }
  };

  const takePhoto = async () => {
    setProblem(null);
    setCheckingCamera(true);
    const available = await detectCamera();
    setCheckingCamera(false);
    if (!available) return setProblem(MESSAGES.NO_CAMERA);
    cameraInput.current?.click();
  };

  const describe = [describedBy(ids, question, error), problem ? messageId : null].filter(Boolean).join(' ') || undefined;

  return (
    <QuestionFrame question={question} error={error} kind="group">
      <Typography variant="body2" color="text.secondary">
        JPG, PNG, HEIC or PDF, under 10 MB{question.maxFiles > 1 ? `; up to ${question.maxFiles} files` : ''}.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <StatusButton
          id={ids.input}
          variant="outlined"
          startIcon={<UploadIcon />}
          status={upload.isPending ? 'loading' : 'idle'}
          disabled={full}
          onClick={() => fileInput.current?.click()}
          aria-describedby={describe}
        >
          Choose a file
        </StatusButton>
        {question.camera ? (
          <StatusButton
            variant="outlined"
            startIcon={<CameraIcon />}
            status={checkingCamera ? 'loading' : 'idle'}
            disabled={full || upload.isPending}
            onClick={() => void takePhoto()}
            aria-describedby={describe}
          >
            Take a photo
          </StatusButton>
        ) : null}
      </Stack>
      {/* Opened by the buttons above, so they stay out of the tab order and the accessibility tree. */}
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid={`${question.id}-file`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          void send(file);
        }}
      />
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        data-testid={`${question.id}-camera`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          void send(file);
        }}
      />
      <Box aria-live="assertive">
        {problem ? (
          <Typography id={messageId} role="alert" color="error">
            {problem}
          </Typography>
        ) : null}
      </Box>
      {uploaded.length > 0 ? (
        <Box component="ul" aria-label="Your files" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {uploaded.map((id, i) => {
            const file = known[id];
            const name = file ? `${file.originalName} (${formatSize(file.sizeBytes)})` : `File ${i + 1}`;
            return (
              <li key={id}>
                <RemovableItem
                  label={
                    <Link href={`/api/uploads/${id}`} target="_blank" rel="noopener">
                      {name}
                    </Link>
                  }
                  removeLabel={`Remove ${file?.originalName ?? `file ${i + 1}`}`}
                  onRemove={() => {
                    const rest = uploaded.filter((u) => u !== id);
                    onChange(rest.length > 0 ? rest : undefined);
                  }}
                />
              </li>
            );
          })}
        </Box>
      ) : null}
    </QuestionFrame>
  );
}
