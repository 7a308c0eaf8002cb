import { Component, type ErrorInfo, type ReactNode } from "react";
import { AppError } from "./app-error";

/** Catches any render error below it and shows the app-level crash screen. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("The page crashed", error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <AppError /> : this.props.children;
  }
}
