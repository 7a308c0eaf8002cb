import { useCallback, useEffect, useRef, useState } from "react";
import {
  maxReferenceImageBytes,
  maxReferenceImages,
  type ReferenceImageClaim,
  type ReferenceImageUploaded,
} from "../../../../shared/reference-images";
import { PickImages } from "./reference-images-pick";
import type { ReferenceImagesState } from "./reference-images-slot";

interface Item {
  key: number;
  name: string;
  /** The picture from the visitor's own device, shown while and after it uploads. */
  preview: string;
  progress: number;
  state: "uploading" | "done" | "failed";
  message?: string;
  claim?: ReferenceImageClaim;
}

const uploadPath = "/api/reference-images";
const megabytes = Math.round(maxReferenceImageBytes / (1024 * 1024));

/** A file's size as the server's refusal words it: to a tenth where whole megabytes would read as the limit. */
const sizeOf = (bytes: number) => {
  const size = bytes / (1024 * 1024);
  return Math.round(size) > megabytes
    ? `${Math.round(size)} MB`
    : `${(Math.ceil(size * 10) / 10).toFixed(1)} MB`;
};

/** The server's message from an error answer, or a plain one when there is none to read. */
function messageOf(xhr: XMLHttpRequest, name: string): string {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: { message?: string } };
    if (body.error?.message) return body.error.message;
  } catch {}
  return `"${name}" could not be uploaded just now. Remove it and try again in a moment.`;
}

/**
 * The uploader, loaded when the visitor first picks files: each image goes up on its own
 * (XMLHttpRequest, for its progress), shows its preview, progress and any refusal in the
 * server's words, and can be removed. The form sends the finished ones' claims with the request.
 * docs/decisions/016-reference-images.md.
 */
export default function ReferenceImages({
  initial,
  error,
  onChange,
}: {
  initial: File[];
  error: string | undefined;
  onChange(state: ReferenceImagesState): void;
}) {
  const [items, setItems] = useState<Item[]>([]);
  const [notice, setNotice] = useState("");
  const nextKey = useRef(0);
  const requests = useRef(new Map<number, XMLHttpRequest>());
  const live = useRef<Item[]>([]);
  live.current = items;
  const listRef = useRef<HTMLUListElement>(null);

  const patch = useCallback((key: number, change: Partial<Item>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const upload = useCallback(
    (key: number, file: File) => {
      const xhr = new XMLHttpRequest();
      requests.current.set(key, xhr);
      xhr.open("POST", uploadPath);
      xhr.setRequestHeader("X-File-Name", encodeURIComponent(file.name));
      xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) patch(key, { progress: Math.round((event.loaded / event.total) * 100) });
      };
      xhr.onload = () => {
        requests.current.delete(key);
        if (xhr.status === 201) {
          const { image } = JSON.parse(xhr.responseText) as { image: ReferenceImageUploaded };
          patch(key, { state: "done", progress: 100, claim: { id: image.id, token: image.token } });
          setNotice(`${file.name} added.`);
        } else {
          patch(key, { state: "failed", message: messageOf(xhr, file.name) });
        }
      };
      xhr.onerror = () => {
        requests.current.delete(key);
        patch(key, {
          state: "failed",
          message: `"${file.name}" was not uploaded: the connection dropped. Remove it and add it again.`,
        });
      };
      xhr.send(file);
    },
    [patch],
  );

  const add = useCallback(
    (files: File[]) => {
      const room = maxReferenceImages - live.current.filter((item) => item.state !== "failed").length;
      const taken = files.slice(0, Math.max(0, room));
      const left = files.slice(taken.length);
      const added: Item[] = taken.map((file) => {
        const key = nextKey.current++;
        const tooLarge = file.size > maxReferenceImageBytes;
        return {
          key,
          name: file.name,
          preview: URL.createObjectURL(file),
          progress: 0,
          state: tooLarge ? "failed" : "uploading",
          ...(tooLarge && {
            message: `"${file.name}" is ${sizeOf(file.size)}; an image can be at most ${megabytes} MB. Export it at a smaller size (or take a screenshot of it), then add it again.`,
          }),
        };
      });
      setItems((current) => [...current, ...added]);
      added.forEach((item, i) => {
        const file = taken[i];
        if (item.state === "uploading" && file) upload(item.key, file);
      });
      setNotice(
        left.length
          ? `A request can carry ${maxReferenceImages} images: ${left.map((file) => file.name).join(", ")} ${left.length === 1 ? "was" : "were"} not added.`
          : `Uploading ${taken.length === 1 ? taken[0]?.name : `${taken.length} images`}.`,
      );
    },
    [upload],
  );

  function remove(key: number) {
    requests.current.get(key)?.abort();
    requests.current.delete(key);
    const item = live.current.find((candidate) => candidate.key === key);
    if (item) URL.revokeObjectURL(item.preview);
    setItems((current) => current.filter((candidate) => candidate.key !== key));
    setNotice(item ? `${item.name} removed.` : "");
    // Focus stays in the list (the next image's button) or returns to the add button.
    requestAnimationFrame(() => {
      const next = listRef.current?.querySelector<HTMLElement>(".reference-image__remove");
      (next ?? document.querySelector<HTMLElement>(".reference-images__input"))?.focus();
    });
  }

  // The files picked before this module loaded.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    add(initial);
  }, [add, initial]);

  useEffect(() => {
    onChange({
      claims: items.flatMap((item) => (item.state === "done" && item.claim ? [item.claim] : [])),
      busy: items.some((item) => item.state === "uploading"),
    });
  }, [items, onChange]);

  // Leaving the form (the request sent) stops what is still going and frees the previews.
  useEffect(
    () => () => {
      for (const xhr of requests.current.values()) xhr.abort();
      for (const item of live.current) URL.revokeObjectURL(item.preview);
    },
    [],
  );

  const kept = items.filter((item) => item.state !== "failed").length;
  return (
    <div className="reference-images__panel">
      {items.length ? (
        <ul className="reference-images__list" ref={listRef}>
          {items.map((item) => (
            <li key={item.key} className="reference-image" data-state={item.state}>
              <img
                className="reference-image__preview"
                src={item.preview}
                alt=""
                onError={(event) => {
                  event.currentTarget.hidden = true;
                }}
              />
              <div className="reference-image__text">
                <p className="reference-image__name">{item.name}</p>
                {item.state === "uploading" ? (
                  <progress
                    className="reference-image__progress"
                    max={100}
                    value={item.progress}
                    aria-label={`Uploading ${item.name}`}
                  >
                    {item.progress}%
                  </progress>
                ) : item.state === "done" ? (
                  <p className="reference-image__status">Added</p>
                ) : (
                  <p className="form-field__error">{item.message}</p>
                )}
              </div>
              <button
                type="button"
                className="button button--ghost button--small reference-image__remove"
                aria-label={`Remove ${item.name}`}
                onClick={() => remove(item.key)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {kept < maxReferenceImages ? (
        <PickImages label={items.length ? "Add more images" : "Add reference images"} onPick={add} />
      ) : (
        <p className="form-field__hint">
          That is {maxReferenceImages} images, the most one request can carry.
        </p>
      )}
      {error ? <p className="form-field__error">{error}</p> : null}
      <p className="visually-hidden" aria-live="polite">
        {notice}
      </p>
    </div>
  );
}
