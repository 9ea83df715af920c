// A failure said where it happened, announced to screen readers (role="alert"); nothing when there is none.
export function ErrorNote(props: { message: string | null | undefined }) {
  return props.message ? (
    <p class="error" role="alert">
      {props.message}
    </p>
  ) : null;
}
