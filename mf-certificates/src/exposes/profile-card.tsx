import { MedicalCertificateCard } from '../features/medical-card/components/MedicalCertificateCard';

/** The medical-certificate card the shell renders on /user/profile (shared-ui ProfileCardProps). */
export default MedicalCertificateCard;
