import type { Person } from '../../../../shared/ipc/channels/staff';

interface PersonSelectProps {
  people: readonly Person[];
  /** A person's id, or "" for everyone. */
  value: string;
  onChange(personId: string): void;
  /** What the "" choice reads, in the screen's language. */
  everyone: string;
  testId: string;
}

/** The filter by person that the history and the audit trail share. */
export function PersonSelect({ people, value, onChange, everyone, testId }: PersonSelectProps) {
  return (
    <select value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
      <option value="">{everyone}</option>
      {people.map((person) => (
        <option key={person.id} value={person.id}>
          {person.name}
        </option>
      ))}
    </select>
  );
}
