import { useId, useRef, useState } from "react";
import { ActionButton } from "../../components/action-button";
import { Alert } from "../../components/alert";

/** What the server answers a stored photo with: the image a piece or design points at. */
export interface UploadedImage {
  source: "upload";
  key: string;
  width: number;
  height: number;
}

/**
 * Only what the server takes. An iPhone's photo picker, asked for these types and not HEIC,
 * hands over a JPEG copy of a HEIC photo; a HEIC dropped on a computer gets the server's message
 * saying how to send it.
 */
const accepted = "image/jpeg,image/png,image/webp";
const maxFiles = 20;
const parallel = 3;

interface Upload {
  id: number;
  name: string;
  /** 0 to 1 while sending; 1 once sent. */
  progress: number;
  state: "waiting" | "sending" | "done" | "failed";
  message?: string;
  /** The list item the photo became, when it made one: the line then leads to it. */
  itemId?: string;
}

/** Opens a Studio list item's editor, scrolls it into view and puts the keyboard in its first field. */
function openItem(id: string) {
  const row = document.querySelector<HTMLElement>(`[data-item="${CSS.escape(id)}"]`);
  if (!row) return;
  row.querySelector<HTMLButtonElement>('.studio-item__actions button[aria-expanded="false"]')?.click();
  requestAnimationFrame(() => {
    row.scrollIntoView({ block: "start" });
    row.querySelector<HTMLElement>(".studio-item__form :is(input, textarea, select)")?.focus();
  });
}

/** Sends one file's bytes; resolves with the server's image or rejects with its message. */
function send(file: File, onProgress: (share: number) => void): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/admin/photos");
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.setRequestHeader("X-File-Name", encodeURIComponent(file.name));
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onerror = () => reject(new Error(`${file.name} was not sent: check the connection and try again.`));
    xhr.onload = () => {
      let body: { image?: UploadedImage; error?: { message?: string } } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status === 201 && body.image) resolve(body.image);
      else reject(new Error(body.error?.message ?? `${file.name} was refused (${xhr.status}).`));
    };
    xhr.send(file);
  });
}

interface PhotoUploadProps {
  label: string;
  multiple?: boolean;
  /** Told of each stored photo; answers the id of the list item it made, if it made one. */
  onUploaded: (image: UploadedImage, fileName: string) => unknown;
}

/**
 * Photos from a phone's library or camera, or dropped on a desk: each file goes on its own, three
 * at a time, with a progress bar and the server's message if it is refused.
 */
export function PhotoUpload({ label, multiple = false, onUploaded }: PhotoUploadProps) {
  const inputId = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [refusal, setRefusal] = useState("");
  const [over, setOver] = useState(false);
  const counter = useRef(0);

  const update = (id: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));

  function start(files: File[]) {
    setRefusal("");
    if (files.length === 0) return;
    if (files.length > maxFiles) {
      setRefusal(`You picked ${files.length} photos; send at most ${maxFiles} at a time.`);
      return;
    }
    const picked = (multiple ? files : files.slice(0, 1)).map((file) => ({ file, id: ++counter.current }));
    setUploads((list) => [
      ...list.filter((u) => u.state !== "done"),
      ...picked.map(({ file, id }) => ({ id, name: file.name, progress: 0, state: "waiting" as const })),
    ]);
    const queue = [...picked];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { file, id } = next;
        update(id, { state: "sending" });
        try {
          const image = await send(file, (share) => update(id, { progress: share }));
          const made = onUploaded(image, file.name);
          update(id, { state: "done", progress: 1, ...(typeof made === "string" ? { itemId: made } : {}) });
        } catch (error) {
          update(id, { state: "failed", message: error instanceof Error ? error.message : String(error) });
        }
      }
    };
    for (let i = 0; i < Math.min(parallel, picked.length); i++) void worker();
  }

  return (
    // The drop target is a convenience on a desk; the picker inside it is the control.
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping files is mouse-only by nature; the file picker serves the keyboard
    <div
      className="studio-drop"
      data-over={over ? "true" : undefined}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes("Files")) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        if (!e.dataTransfer.files.length) return;
        e.preventDefault();
        setOver(false);
        start([...e.dataTransfer.files]);
      }}
    >
      <label htmlFor={inputId} className="button button--ghost studio-drop__pick">
        {label}
      </label>
      <input
        id={inputId}
        className="studio-drop__input"
        type="file"
        accept={accepted}
        multiple={multiple}
        onChange={(e) => {
          start([...(e.target.files ?? [])]);
          e.target.value = "";
        }}
      />
      <span className="admin-muted">
        JPEG, PNG or WebP, up to 25 MB{multiple ? `, ${maxFiles} at a time` : ""}; or drop them here.
      </span>
      <Alert>{refusal}</Alert>
      {uploads.length ? (
        <ul className="studio-uploads" aria-live="polite">
          {uploads.map((upload) => (
            <li key={upload.id} className="studio-upload" data-state={upload.state}>
              <label htmlFor={`upload-${upload.id}`}>
                {upload.name}
                {upload.state === "done" ? " · added" : upload.state === "waiting" ? " · waiting" : ""}
              </label>
              {upload.itemId ? (
                <ActionButton
                  look="ghost"
                  small
                  className="studio-upload__open"
                  onClick={() => openItem(upload.itemId ?? "")}
                >
                  Edit it <span className="admin-visually-hidden">({upload.name})</span>
                </ActionButton>
              ) : null}
              <progress id={`upload-${upload.id}`} max={1} value={upload.progress} />
              {upload.message ? (
                <small className="studio-field__error" role="alert">
                  {upload.message}
                </small>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
