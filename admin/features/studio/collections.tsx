import { placementAreas, placementLabel } from "../../../shared/placement-areas";
import { CheckField, ListField, NumberField, SelectField, TextField } from "./fields";
import { newId } from "./item-list";
import { getAt } from "./paths";
import { PhotoCollection } from "./photo-collection";
import { PhotoUpload } from "./photo-upload";
import { useSection } from "./section-context";

type Item = Record<string, unknown>;

/** The placements the price guide groups pieces by, with the names visitors read. */
const placements = placementAreas.map((area): [string, string] => [area, placementLabel(area)]);
const pieceStatuses: [string, string][] = [
  ["completed", "Completed"],
  ["in-progress", "In progress"],
];

/** A title to start from: the file's name without its extension, in words. */
const titleFromFile = (name: string) =>
  name
    .replace(/\.[^.]+$/, "")
    .replace(/[-_]+/g, " ")
    .trim()
    .slice(0, 100) || "New photo";

function ImageField({ index }: { index: number }) {
  const { data, set, errors } = useSection();
  const error = errors[`${index}.image`];
  const hasPhoto = getAt(data, [index, "image"]) !== undefined;
  return (
    <div className="studio-field" data-invalid={error ? "true" : undefined}>
      {hasPhoto ? null : (
        <p className="admin-notice">No photo yet: the piece stays off the site until it has one.</p>
      )}
      <PhotoUpload
        label={hasPhoto ? "Replace photo" : "Upload its photo"}
        onUploaded={(image) => set([index, "image"], image)}
      />
      {error ? <small className="studio-field__error">{error}</small> : null}
    </div>
  );
}

function PieceForm({ index }: { index: number }) {
  const { data } = useSection();
  const pieces = (data as Item[]) ?? [];
  const piece = pieces[index] ?? {};
  const freshOptions = pieces
    .filter((other) => other.id !== piece.id && other.healed !== true)
    .map((other) => [String(other.id), String(other.title)] as [string, string]);
  return (
    <div className="studio-form-grid">
      <TextField path={[index, "title"]} label="Title" />
      <TextField
        path={[index, "alt"]}
        label="Alt text (what the photo shows)"
        optional
        hint="Required before publishing a visible piece"
      />
      <ImageField index={index} />
      <TextField path={[index, "style"]} label="Style" hint="lower-case, e.g. fine-line" />
      <SelectField path={[index, "size"]} label="Size" options={["small", "medium", "large"]} />
      <SelectField path={[index, "placement"]} label="Placement" options={placements} optional />
      <TextField path={[index, "bodyPart"]} label="Body part as shown" optional hint="e.g. Left forearm" />
      <TextField path={[index, "technique"]} label="Technique" optional hint="e.g. Single-needle shading" />
      <ListField path={[index, "tags"]} label="Tags" />
      <TextField path={[index, "date"]} label="Date" type="date" />
      <TextField path={[index, "duration"]} label="Duration as shown" hint="e.g. 3 hours" />
      <NumberField path={[index, "hours"]} label="Hours in the chair" step={0.5} optional />
      <NumberField path={[index, "priceBand", "min"]} label="Price from ($)" optional />
      <NumberField path={[index, "priceBand", "max"]} label="Price to ($)" optional />
      <SelectField path={[index, "status"]} label="Status" options={pieceStatuses} />
      <TextField path={[index, "description"]} label="Description" multiline />
      <CheckField path={[index, "featured"]} label="Featured on the home page" />
      <CheckField path={[index, "hidden"]} label="Hidden from the site" />
      <CheckField path={[index, "healed"]} label="Healed photo" />
      {piece.healed === true ? (
        <SelectField
          path={[index, "freshPiece"]}
          label="Fresh piece of the same tattoo"
          options={freshOptions}
          optional
        />
      ) : null}
    </div>
  );
}

/** A new piece's fields before she edits them; its title and photo come from the caller. */
const newPiece = () => ({
  id: newId("piece"),
  style: "custom",
  size: "medium",
  duration: "1 session",
  status: "completed",
  description: "New piece.",
  tags: [],
  date: new Date().toISOString().slice(0, 10),
  featured: false,
  hidden: false,
  healed: false,
});

export function PortfolioFields() {
  return (
    <PhotoCollection
      uploadLabel="Add photos"
      fromPhoto={(image, fileName) => ({ ...newPiece(), title: titleFromFile(fileName), image })}
      noun="piece"
      flagsOf={(item) =>
        [
          item.hidden ? "hidden" : "",
          item.featured ? "featured" : "",
          item.healed ? "healed" : "",
          item.image === undefined ? "no photo" : "",
          !item.alt && !item.hidden ? "no alt text" : "",
        ].filter(Boolean)
      }
      // Written up before the photo exists (a piece still healing): hidden until it has one,
      // so publishing the rest is not held up by it.
      create={() => ({ ...newPiece(), title: "New piece", hidden: true })}
      createLabel="Add a piece without a photo"
      form={(index) => <PieceForm index={index} />}
    />
  );
}
