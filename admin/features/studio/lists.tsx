import { CheckField, NumberField, SelectField, TextField } from "./fields";
import { ItemList, newId } from "./item-list";
import { PhotoUpload, type UploadedImage } from "./photo-upload";
import { useSection } from "./section-context";
import { thumbnailOf } from "./thumbnail";

type Item = Record<string, unknown>;
const today = () => new Date().toISOString().slice(0, 10);

function FlashForm({ index }: { index: number }) {
  const { set } = useSection();
  return (
    <div className="studio-form-grid">
      <TextField path={[index, "title"]} label="Title" />
      <div className="studio-field">
        <PhotoUpload label="Replace image" onUploaded={(image) => set([index, "image"], image)} />
      </div>
      <TextField path={[index, "category"]} label="Category" hint="lower-case, e.g. botanical" />
      <TextField path={[index, "style"]} label="Style" hint="lower-case, e.g. traditional" />
      <TextField path={[index, "size"]} label="Size" optional hint="e.g. 3 in" />
      <NumberField path={[index, "price"]} label="Price ($)" optional />
      <SelectField
        path={[index, "status"]}
        label="Status"
        options={[
          ["available", "Available"],
          ["claimed", "Claimed"],
          ["archived", "Archived (not shown)"],
        ]}
      />
      <CheckField
        path={[index, "repeatable"]}
        label="Repeatable (unticked: a one-off, claimed once tattooed)"
      />
    </div>
  );
}

export function FlashFields() {
  const { update } = useSection();
  const addFromPhoto = (image: UploadedImage, fileName: string) =>
    update((current) => [
      ...((current as Item[]) ?? []),
      {
        id: newId("flash"),
        title: fileName.replace(/\.[^.]+$/, "").slice(0, 100) || "New design",
        image,
        category: "new",
        style: "custom",
        status: "available",
        repeatable: true,
      },
    ]);
  return (
    <>
      <PhotoUpload label="Add designs from photos" multiple onUploaded={addFromPhoto} />
      <ItemList
        path={[]}
        noun="design"
        titleOf={(item) => String(item.title ?? "")}
        thumbOf={thumbnailOf}
        flagsOf={(item) =>
          [String(item.status ?? ""), item.repeatable === false ? "one-off" : ""].filter(Boolean)
        }
        form={(index) => <FlashForm index={index} />}
      />
    </>
  );
}

export function TestimonialsFields() {
  return (
    <ItemList
      path={[]}
      noun="testimonial"
      titleOf={(item) => String(item.name ?? "")}
      flagsOf={(item) => (item.hidden ? ["hidden"] : [])}
      create={() => ({
        id: newId("review"),
        name: "",
        reviewCount: 1,
        photoCount: 0,
        rating: 5,
        date: today(),
        text: "",
        hidden: false,
      })}
      form={(index) => (
        <div className="studio-form-grid">
          <TextField path={[index, "name"]} label="Client's name" />
          <NumberField path={[index, "rating"]} label="Stars (1-5)" />
          <TextField path={[index, "date"]} label="Date" type="date" />
          <TextField path={[index, "text"]} label="What they said" multiline />
          <TextField path={[index, "artistResponse"]} label="Your reply" optional multiline />
          <CheckField path={[index, "hidden"]} label="Hidden from the site" />
        </div>
      )}
    />
  );
}

export function FaqFields() {
  return (
    <ItemList
      path={["items"]}
      noun="question"
      titleOf={(item) => String(item.question ?? "")}
      create={() => ({ id: newId("faq"), topic: "General", question: "", answer: "" })}
      form={(index) => (
        <div className="studio-form-grid">
          <TextField path={["items", index, "question"]} label="Question" />
          <TextField path={["items", index, "topic"]} label="Topic" />
          <TextField path={["items", index, "answer"]} label="Answer" multiline />
        </div>
      )}
    />
  );
}
