/** The number a customer quotes (and writes in a Zelle memo) is the order's id. */
export const orderNumber = (id: number) => `#${id}`

// The one map of labels and colours, shared with the back office and e-mail.
export {
  ORDER_STATUS_TONES as ORDER_STATUS_BADGES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_TONES as PAYMENT_STATUS_BADGES,
} from '../../../shared/orders/labels'
