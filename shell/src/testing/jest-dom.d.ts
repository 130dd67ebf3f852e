// The matchers jest.setup.ts installs (toBeInTheDocument, toHaveAttribute, ...), for the type checker.
import '@testing-library/jest-dom';
