import type { RouteObject } from "react-router";
import { AppError } from "../components/app-error";
import { SiteLayout } from "../components/layout/site-layout";
import { AboutPage } from "../pages/about";
import { AftercarePage } from "../pages/aftercare";
import { BookConsultationPage } from "../pages/book-consultation";
import { ContactPage } from "../pages/contact";
import { CopyrightPage } from "../pages/copyright";
import { FlashPage } from "../pages/flash";
import { GalleryPage } from "../pages/gallery";
import { GoogleIndexInfoPage } from "../pages/google-index-info";
import { HomePage } from "../pages/home";
import { NotFoundPage } from "../pages/not-found";
import { PrivacyPolicyPage } from "../pages/privacy-policy";
import { ReviewsPage } from "../pages/reviews";
import { ServicesPage } from "../pages/services";
import { TermsOfServicePage } from "../pages/terms-of-service";

/** The public site's routes (shell-and-admin.md 2.1); admin routes live in the admin bundle. */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <AppError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: "home", element: <HomePage /> },
      { path: "about", element: <AboutPage /> },
      { path: "gallery", element: <GalleryPage /> },
      { path: "flash", element: <FlashPage /> },
      { path: "services", element: <ServicesPage /> },
      { path: "aftercare", element: <AftercarePage /> },
      { path: "reviews", element: <ReviewsPage /> },
      { path: "contact", element: <ContactPage /> },
      { path: "book-consultation", element: <BookConsultationPage /> },
      { path: "privacy-policy", element: <PrivacyPolicyPage /> },
      { path: "terms-of-service", element: <TermsOfServicePage /> },
      { path: "copyright", element: <CopyrightPage /> },
      { path: "google-index-info", element: <GoogleIndexInfoPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
