import { US_STATES } from '../../shared/checkout/us-states'

/** The US states and territories as a <Select>'s options, values their two-letter codes. */
export function UsStateOptions() {
  return US_STATES.map(([code, name]) => (
    <option key={code} value={code}>
      {name}
    </option>
  ))
}
