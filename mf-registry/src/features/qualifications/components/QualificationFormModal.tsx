import { useForm } from 'react-hook-form';
import type { Qualification } from 'shared-api';
import { qualificationForm } from 'shared-api/contract';
import { ColorInput, MenuInput, RecordFormModal, NumberInput, TextArea, TextInput, schemaResolver, toMenuOptions } from 'shared-ui';
import { useMailingListClassOptions } from '../../references/api/get-mailing-list-class-options';
import { useReservationRuleOptions } from '../../references/api/get-reservation-rule-options';
import { useCreateQualification } from '../api/create-qualification';
import { useUpdateQualification } from '../api/update-qualification';
import { QUALIFICATION_LIMITS, qualificationToForm, type QualificationFormValues } from '../qualification-form';

/** Create (qualification undefined) or edit a qualification (spec 001 §5 Qualification), validated by the contract's qualificationForm. */
export function QualificationFormModal({ qualification, onClose }: { qualification?: Qualification; onClose: () => void }) {
  const form = useForm<QualificationFormValues>({
    defaultValues: qualificationToForm(qualification),
    resolver: schemaResolver(qualificationForm),
  });
  const rules = useReservationRuleOptions();
  const mailingLists = useMailingListClassOptions();
  const createQualification = useCreateQualification();
  const updateQualification = useUpdateQualification();

  return (
    <RecordFormModal
      form={form}
      record={qualification}
      noun="qualifica"
      create={createQualification}
      update={updateQualification}
      body={() => qualificationForm.parse(form.getValues())}
      onClose={onClose}
    >
      {(bind) => {
        return (
          <>
            <TextInput {...bind('name')} label="Nome" required />
            <TextArea {...bind('description')} label="Descrizione" />
            <div className="ui-grid ui-grid--2">
              <ColorInput {...bind('color')} label="Colore" required />
              <NumberInput {...bind('priority')} label="Priorità" required max={QUALIFICATION_LIMITS.priority.max} />
            </div>
            <MenuInput
              {...bind('reservation_rules')}
              label="Regole di prenotazione"
              options={toMenuOptions(rules.data)}
              loading={rules.isPending}
              maxSelections={QUALIFICATION_LIMITS.reservation_rules}
            />
            <MenuInput
              {...bind('mailing_list_classes')}
              label="Classi mailing list"
              options={toMenuOptions(mailingLists.data)}
              loading={mailingLists.isPending}
              maxSelections={QUALIFICATION_LIMITS.mailing_list_classes}
            />
          </>
        );
      }}
    </RecordFormModal>
  );
}
