import type { ChangeEvent, FormEvent, ReactNode } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/alert";
import { TextField } from "../../../components/text-field";
import { GoogleMark } from "./google-mark";
import "./auth-pages.css";

/** The line above a form's fields: a failure, or the success of a password reset. */
export interface AuthFormMessage {
  tone: "error" | "success";
  text: string;
}

interface AuthFormPageProps {
  title: string;
  subtitle: string;
  message: AuthFormMessage | null;
  /** A submission is under way: the form says so and its buttons wait. */
  busy: boolean;
  submitLabel: string;
  /** The form was submitted while not busy (the browser's own submission never happens). */
  onSubmit: () => void;
  /** The page's fields, between the message and the submit button. */
  children: ReactNode;
  /** Signing in with Google instead, under the form. */
  google?: { label: string; onClick: () => void };
  /** The links under the card's content (to the other auth pages). */
  links: ReactNode;
}

/**
 * The frame of /login, /signup and /forgot-password, which sit outside the main layout: the card
 * with its title, the form's message line, the page's fields, the submit button, Google, the links.
 */
export function AuthFormPage(props: AuthFormPageProps) {
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!props.busy) props.onSubmit();
  }

  return (
    <div className="auth-page">
      <Link to="/" className="auth-page__brand">
        Storyloom
      </Link>
      <main className="auth-card">
        <h1 className="auth-card__title">{props.title}</h1>
        <p className="auth-card__subtitle">{props.subtitle}</p>
        <form className="auth-form" onSubmit={handleSubmit} aria-busy={props.busy}>
          {props.message ? <Alert tone={props.message.tone}>{props.message.text}</Alert> : null}
          {props.children}
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={props.busy}
          >
            {props.submitLabel}
          </button>
        </form>
        {props.google ? <GoogleButton {...props.google} busy={props.busy} /> : null}
        <div className="auth-card__footer">{props.links}</div>
      </main>
    </div>
  );
}

function GoogleButton({
  label,
  onClick,
  busy,
}: {
  label: string;
  onClick: () => void;
  busy: boolean;
}) {
  return (
    <>
      <div className="auth-divider">or</div>
      <button
        type="button"
        className="button button--secondary button--block"
        onClick={() => {
          if (!busy) onClick();
        }}
        disabled={busy}
      >
        <GoogleMark />
        {label}
      </button>
    </>
  );
}

/** The account's email, as every auth form asks for it. */
export function EmailField(props: {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      value={props.value}
      onChange={props.onChange}
    />
  );
}

/** A password: the account's own (current-password) or a new one (new-password). */
export function PasswordField(props: {
  label: string;
  name: string;
  autoComplete: "current-password" | "new-password";
  hint?: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return <TextField type="password" required {...props} />;
}
