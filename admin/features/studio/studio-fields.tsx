import { CheckField, FieldGroup, ListField, NumberField, TextField } from "./fields";

/**
 * The studio's facts: who and where it is, how to reach and find it, and the figures the pages
 * claim about it (years, ratings, how long things take).
 */
export function StudioFields() {
  return (
    <>
      <FieldGroup legend="Studio and artist">
        <div className="studio-row">
          <TextField path={["name"]} label="Studio name" />
          <TextField path={["shortName"]} label="Short name" hint="Where space is tight" />
        </div>
        <div className="studio-row">
          <TextField path={["artist", "name"]} label="Artist's full name" />
          <TextField path={["artist", "firstName"]} label="Artist's first name" />
        </div>
        <TextField path={["artist", "role"]} label="Artist's role" />
      </FieldGroup>
      <FieldGroup legend="Phone, e-mail and links">
        <div className="studio-row">
          <TextField path={["phone", "display"]} label="Phone as shown" type="tel" />
          <TextField path={["phone", "e164"]} label="Phone for dialling" hint="+13015550142" type="tel" />
        </div>
        <TextField path={["email"]} label="E-mail" type="email" />
        <div className="studio-row">
          <TextField path={["social", "instagram"]} label="Instagram address" type="url" />
          <TextField path={["social", "instagramHandle"]} label="Instagram handle" />
        </div>
        <TextField path={["bookingWidgetUrl"]} label="Booking link" type="url" />
      </FieldGroup>
      <FieldGroup legend="Address">
        <TextField path={["address", "street"]} label="Street" />
        <div className="studio-row">
          <TextField path={["address", "locality"]} label="Town" />
          <TextField path={["address", "postalCode"]} label="ZIP code" />
        </div>
        <div className="studio-row">
          <TextField path={["address", "region"]} label="State code" hint="e.g. MD" />
          <TextField path={["address", "regionName"]} label="State" />
          <TextField path={["address", "country"]} label="Country code" hint="e.g. US" />
        </div>
        <div className="studio-row">
          <NumberField path={["geo", "latitude"]} label="Latitude" step="any" hint="For distances and maps" />
          <NumberField path={["geo", "longitude"]} label="Longitude" step="any" />
        </div>
      </FieldGroup>
      <FieldGroup legend="Area served">
        <ListField path={["serviceArea", "towns"]} label="Towns served" />
        <TextField
          path={["serviceArea", "label"]}
          label="Area as written"
          hint="e.g. Laurel, Beltsville and the DMV area"
        />
        <NumberField path={["serviceArea", "radiusMiles"]} label="Radius (miles)" />
      </FieldGroup>
      <FieldGroup legend="Finding the studio">
        <div className="studio-row">
          <TextField path={["findingTheStudio", "neighbourhood"]} label="Neighbourhood" />
          <TextField path={["findingTheStudio", "highway"]} label="Nearest highway" />
        </div>
        <div className="studio-row">
          <TextField path={["findingTheStudio", "station"]} label="Nearest station" />
          <TextField path={["findingTheStudio", "river"]} label="River nearby" />
        </div>
        <TextField path={["findingTheStudio", "directions"]} label="Directions" multiline />
        <TextField path={["findingTheStudio", "parking"]} label="Parking" multiline />
        <TextField path={["findingTheStudio", "transit"]} label="By public transport" multiline />
        <TextField path={["findingTheStudio", "entrance"]} label="The entrance" multiline />
      </FieldGroup>
      <FieldGroup legend="What the site claims">
        <div className="studio-row">
          <NumberField path={["claims", "experienceYears"]} label="Years of experience" />
          <TextField path={["claims", "experienceLabel"]} label="Experience as shown" hint="e.g. 8+ years" />
          <TextField
            path={["claims", "tattoosLabel"]}
            label="Tattoos done, as shown"
            hint="e.g. 1000+ tattoos"
          />
        </div>
        <div className="studio-row">
          <NumberField path={["claims", "rating"]} label="Rating (1-5)" step={0.1} />
          <TextField path={["claims", "healingRate"]} label="Healing rate" hint="e.g. 95%" />
          <TextField path={["claims", "satisfaction"]} label="Satisfaction" hint="e.g. 100%" />
          <TextField path={["claims", "custom"]} label="Custom work" hint="e.g. 100%" />
        </div>
        <div className="studio-row">
          <TextField path={["claims", "replyWithin"]} label="Replies within" hint="e.g. 24 hours" />
          <TextField path={["claims", "consultationMinutes"]} label="A consultation takes" />
          <TextField path={["claims", "averageSession"]} label="An average session takes" />
        </div>
        <NumberField path={["claims", "minimumAge"]} label="Minimum age" />
        <CheckField path={["claims", "licensedAndInsured"]} label="Licensed and insured" />
      </FieldGroup>
      <FieldGroup legend="Time zone and currency">
        <div className="studio-row">
          <TextField path={["timeZone"]} label="Time zone" hint="e.g. America/New_York" />
          <TextField path={["currency"]} label="Currency code" hint="e.g. USD" />
        </div>
      </FieldGroup>
    </>
  );
}
