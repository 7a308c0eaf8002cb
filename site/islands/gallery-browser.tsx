export { GalleryBrowser as default } from "../features/gallery";
