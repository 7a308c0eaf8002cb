import type { Facts } from "../../../shared/content-facts";
import { useFacts } from "../../content/content-context";
import { StudioMap } from "../studio-map";

/** Name, address and phone as the directories list them, with links to those listings. */
const directoriesFor = ({ studio }: Facts) => [
  {
    name: "Google Business Profile",
    href: `https://www.google.com/search?${new URLSearchParams({ q: `${studio.name} ${studio.address.locality} ${studio.address.region}` })}`,
  },
  {
    name: "Yelp",
    href: `https://www.yelp.com/search?${new URLSearchParams({ find_desc: studio.name, find_loc: `${studio.address.locality}, ${studio.address.region}` })}`,
  },
  { name: "Instagram", href: studio.social.instagram },
];

export function FindUs() {
  const facts = useFacts();
  const { studio, addressLine, telHref } = facts;
  return (
    <section className="section citations" aria-labelledby="citations-title">
      <div className="citations__text">
        <p className="eyebrow">Find us</p>
        <h2 id="citations-title">Listed as</h2>
        <p className="citations__nap">
          <strong>{studio.name}</strong>
          <br />
          {addressLine}
          <br />
          <a href={telHref}>{studio.phone.display}</a>
        </p>
        <ul className="citations__list">
          {directoriesFor(facts).map((directory) => (
            <li key={directory.name}>
              <a href={directory.href} rel="noopener" target="_blank">
                {directory.name}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
      <StudioMap />
    </section>
  );
}
