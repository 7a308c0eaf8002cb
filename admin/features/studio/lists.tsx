import { CheckField, NumberField, SelectField, TextField } from "./fields";
import { ItemList, newId } from "./item-list";
import { fieldId, getAt } from "./paths";
import { PhotoCollection } from "./photo-collection";
import { PhotoUpload } from "./photo-upload";
import { useSection } from "./section-context";

const today = () => new Date().toISOString().slice(0, 10);

const flashStatuses: [string, string][] = [
  ["available", "Available"],
  ["claimed", "Claimed"],
  ["archived", "Archived (not shown)"],
];

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
      <SelectField path={[index, "status"]} label="Status" options={flashStatuses} />
      <CheckField
        path={[index, "repeatable"]}
        label="Repeatable (unticked: a one-off, claimed once tattooed)"
      />
    </div>
  );
}

export function FlashFields() {
  return (
    <PhotoCollection
      uploadLabel="Add designs from photos"
      fromPhoto={(image, fileName) => ({
        id: newId("flash"),
        title: fileName.replace(/\.[^.]+$/, "").slice(0, 100) || "New design",
        image,
        category: "new",
        style: "custom",
        status: "available",
        repeatable: true,
      })}
      noun="design"
      flagsOf={(item) =>
        [String(item.status ?? ""), item.repeatable === false ? "one-off" : ""].filter(Boolean)
      }
      form={(index) => <FlashForm index={index} />}
    />
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
          <TextField path={[index, "priceRange"]} label="What they paid" optional hint="e.g. $200-400" />
          <NumberField path={[index, "reviewCount"]} label="Reviews they have written" />
          <NumberField path={[index, "photoCount"]} label="Photos they have posted" />
          <CheckField path={[index, "isLocalGuide"]} label="Local Guide" />
          <CheckField path={[index, "hidden"]} label="Hidden from the site" />
        </div>
      )}
    />
  );
}

/**
 * Whether the services page asks this question. The page asks them in the order they were
 * chosen; a newly chosen one goes last.
 */
function ServicesPageCheck({ index }: { index: number }) {
  const { section, data, set } = useSection();
  const id = String(getAt(data, ["items", index, "id"]) ?? "");
  const chosen = (getAt(data, ["servicesPage"]) as string[] | undefined) ?? [];
  const inputId = fieldId(section, ["items", index, "servicesPage"]);
  return (
    <div className="studio-check">
      <input
        id={inputId}
        type="checkbox"
        checked={chosen.includes(id)}
        onChange={(e) =>
          set(["servicesPage"], e.target.checked ? [...chosen, id] : chosen.filter((other) => other !== id))
        }
      />
      <label htmlFor={inputId}>Also asked on the services page</label>
    </div>
  );
}

export function FaqFields() {
  const { errors } = useSection();
  const servicesError = Object.entries(errors).find(([key]) => key.startsWith("servicesPage"))?.[1];
  return (
    <>
      {servicesError ? (
        <p className="admin-alert" id="studio-faq-servicesPage-error">
          Services page questions: {servicesError}
        </p>
      ) : null}
      <FaqList />
    </>
  );
}

function FaqList() {
  const { data, set } = useSection();
  const chosen = (getAt(data, ["servicesPage"]) as string[] | undefined) ?? [];
  return (
    <ItemList
      path={["items"]}
      noun="question"
      titleOf={(item) => String(item.question ?? "")}
      flagsOf={(item) => (chosen.includes(String(item.id)) ? ["services page"] : [])}
      create={() => ({ id: newId("faq"), topic: "General", question: "", answer: "" })}
      onDelete={(item) =>
        // A deleted question leaves the services page too, or the list would name a missing id.
        set(
          ["servicesPage"],
          chosen.filter((id) => id !== item.id),
        )
      }
      form={(index) => (
        <div className="studio-form-grid">
          <TextField path={["items", index, "question"]} label="Question" />
          <TextField path={["items", index, "topic"]} label="Topic" />
          <TextField path={["items", index, "answer"]} label="Answer" multiline />
          <ServicesPageCheck index={index} />
        </div>
      )}
    />
  );
}
