/** upload texts (en): photo upload component and image messages. Same keys in the other language. */
export const uploadEn = {
  upload: {
    notAnImage:
      'The file {{filename}} is not an image. Please upload only image files (JPG, PNG, GIF, HEIC, etc.).',
    noImages:
      'None of the selected files are images. Please upload only image files (JPG, PNG, GIF, HEIC, etc.).',
    someIgnored:
      '{{count}} file(s) were not images and have been ignored. {{validCount}} valid image(s) will be uploaded.',
    zoneLabel: 'Add photos',
    dropHere: 'Drop your photos here',
    choose: 'Choose photos',
    camera: 'Take a photo',
    listLabel: 'Photos being sent',
    progress: '{{done}} of {{total}} photos stored',
    statusQueued: 'Waiting',
    statusResizing: 'Preparing',
    statusResized: 'Ready to send',
    statusUploading: 'Sending',
    statusRetrying: 'Connection lost, trying again…',
    statusDone: 'Stored',
    statusFailed: 'Not stored',
    statusCancelled: 'Cancelled',
    cancel: 'Cancel',
    cancelAll: 'Cancel all',
    retry: 'Try again',
    retryFailed: 'Try the failed photos again',
    remove: 'Remove from the list',
    clear: 'Clear the list',
    thumbAlt: 'Preview of {{filename}}',
    errorCorrupt: 'The file {{filename}} is damaged and cannot be read.',
    errorTooLarge: 'The file {{filename}} is too large ({{limit}} MB at most).',
    errorNetwork: 'No connection: {{filename}} was not sent. Try again once you are back online.',
    errorOther: 'The file {{filename}} could not be stored.',
  },
};
