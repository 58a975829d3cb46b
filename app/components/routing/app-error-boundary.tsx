import { Component, type ErrorInfo, type ReactNode } from "react";
import { AppErrorScreen } from "./app-error-screen.tsx";

interface State {
  error: Error | null;
}

/** The top-level safety net: an unexpected render error shows the spec's full-page message, never a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Unexpected UI error", error, info.componentStack);
  }

  render() {
    if (this.state.error) return <AppErrorScreen onRecover={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
