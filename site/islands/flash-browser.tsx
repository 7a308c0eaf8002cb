export { FlashBrowser as default } from "../features/gallery";
