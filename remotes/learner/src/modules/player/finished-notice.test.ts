import { finishedNotice } from './finished-notice';

describe('finishedNotice', () => {
  it('congratulates a pass, encourages a retake, and confirms saved progress', () => {
    expect(finishedNotice('passed', 'Fire Safety')).toEqual({
      tone: 'success',
      text: 'Well done! You have passed Fire Safety. Your certificate is ready.',
    });
    expect(finishedNotice('failed', 'Fire Safety').tone).toBe('info');
    expect(finishedNotice('in_progress', 'Fire Safety')).toEqual({
      tone: 'success',
      text: 'Your progress in Fire Safety has been saved. Continue Course picks up where you left off.',
    });
  });
});
