import type { AvailabilityMessages } from '#services/schedule/messaging/availability_messages'
import { serializer } from '#services/shared/serialize'
import MessageTransformer from '#transformers/schedule/message_transformer'
import MessageRecipientTransformer from '#transformers/schedule/message_recipient_transformer'

/**
 * One availability message with its recipients and each one's copy, as
 * GET /api/messages/:id answers and `schedule:messages:status --json` prints.
 */
export async function messageDetail(messages: AvailabilityMessages, id: number) {
  const { message, recipients, headline, copies } = await messages.detail(id)
  return {
    ...(await serializer.serialize(MessageTransformer.transform(message))),
    headline,
    recipients: await serializer.serialize(
      MessageRecipientTransformer.transform(recipients, copies)
    ),
  }
}
